import type { FastifyInstance } from 'fastify';
import { PERMISSIONS } from '../../../contract/api/permissions';
import { AlarmAckBodySchema, AlarmSchema, ALARM_API } from '../../../contract/entities/alarm';
import { canSeeVehicle } from '../../access/can-see-vehicle';
import { accountOf } from '../../platform/http/actor-of';
import { forbidden, notFound } from '../../platform/http/api-error';
import { answers, ok } from '../../platform/http/envelope';
import type { TypeBoxProvider } from '../../platform/http/type-provider';
import type { ServerContext } from '../../server-context';
import { alarmView } from './alarm-routes';

/**
 * Acknowledging an alarm from a wall or any console: the first acknowledgement is kept (who, when,
 * note) and every console that sees the vehicle is told at once (cmd 162), so its reminders stop.
 */
export const registerAlarmAckRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  const r = app.withTypeProvider<TypeBoxProvider>();
  r.post(
    `${ALARM_API.base}/ack/single`,
    {
      config: { access: { permission: PERMISSIONS.alarmView } },
      schema: {
        tags: ['alarms'],
        summary: 'Acknowledge an alarm (an optional note up to 200 characters); a second acknowledgement keeps the first',
        body: AlarmAckBodySchema,
        response: answers(AlarmSchema),
      },
    },
    async (req) => {
      const account = accountOf(req);
      const alarm = await ctx.repo.alarms.get(req.body.alarmId);
      if (!alarm) throw notFound('Alarm not found');
      const vehicle = await ctx.repo.vehicles.get(alarm.vehicleId);
      if (!vehicle || !canSeeVehicle(account, vehicle)) throw forbidden('No access to this vehicle');
      const note = req.body.note?.trim() || null;
      await ctx.repo.alarms.acknowledge(alarm.id, { by: account.user.userName, at: ctx.now(), note });
      const acknowledged = await ctx.repo.alarms.get(alarm.id);
      ctx.sync.alarmAcknowledged(alarm.id, alarm.vehicleId);
      return ok(alarmView(acknowledged ?? alarm));
    },
  );
};
