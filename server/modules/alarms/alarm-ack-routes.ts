import type { FastifyInstance } from 'fastify';
import { AlarmAckBodySchema, AlarmSchema, ALARM_API } from '../../../contract/entities/alarm';
import { accountOf } from '../../platform/http/actor-of';
import { scope, scopedRow } from '../../platform/http/scope-policy';
import { answers, ok } from '../../platform/http/envelope';
import type { TypeBoxProvider } from '../../platform/http/type-provider';
import type { ServerContext } from '../../server-context';
import { ALARM_ROW, alarmView } from './alarm-routes';

/**
 * Acknowledging an alarm from a wall or any console: the first acknowledgement is kept (who, when,
 * note) and every console that sees the vehicle is told at once (cmd 162), so its reminders stop.
 */
export const registerAlarmAckRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  const r = app.withTypeProvider<TypeBoxProvider>();
  r.post(
    `${ALARM_API.base}/ack/single`,
    {
      config: { access: { permission: ALARM_API.permissions.view }, scope: scope.row(ALARM_ROW, 'body.alarmId') },
      schema: {
        tags: ['alarms'],
        summary: 'Acknowledge an alarm (an optional note up to 200 characters); a second acknowledgement keeps the first',
        body: AlarmAckBodySchema,
        response: answers(AlarmSchema),
      },
    },
    async (req) => {
      const account = accountOf(req);
      const alarm = scopedRow(req, ALARM_ROW, 'body.alarmId');
      const note = req.body.note?.trim() || null;
      await ctx.repo.alarms.acknowledge(alarm.id, { by: account.user.userName, at: ctx.now(), note });
      const acknowledged = await ctx.repo.alarms.get(alarm.id);
      ctx.sync.alarmAcknowledged(alarm.id, alarm.vehicleId);
      return ok(alarmView(acknowledged ?? alarm));
    },
  );
};
