import { ALARM_LIST_PATH } from '../../streams/api/fleet-calls';
import type { Alarm, Page, RestClient } from '../../streams/api/types';

export const ALARM_DETAIL_PATH = '/customization/alarm/v1/get/detail';
export const ALARM_PAGE_PATH = '/home/alarm/page';

export function fetchActiveAlarms(api: RestClient, pageSize = 50): Promise<Page<Alarm>> {
  return api.get<Page<Alarm>>(ALARM_LIST_PATH, { active: true, pageNum: 1, pageSize });
}
