import { PERMISSIONS as P, ROLE_KEYS, WILDCARD_PERMISSION } from '../../contract/api/permissions';
import { MENU_COMPONENTS } from './menu-catalogue';

export interface RoleDefinition {
  name: string;
  roleKey: string;
  menu: string[];
  permissions: string[];
  fleetManager: boolean;
  subFleetManager: boolean;
}

const operations = ['home', 'vehicles/list', 'vehicles/group', 'data/reports', 'data/prealarm', 'other/issueReport', 'other/feedbacklist'];

/** The roles seeded on first start. Custom roles created later get only what their creator grants. */
export const BUILTIN_ROLES: RoleDefinition[] = [
  {
    name: 'Super administrator',
    roleKey: ROLE_KEYS.superAdmin,
    menu: MENU_COMPONENTS,
    permissions: [WILDCARD_PERMISSION],
    fleetManager: true,
    subFleetManager: true,
  },
  {
    name: 'Fleet manager',
    roleKey: ROLE_KEYS.fleetManager,
    menu: operations,
    permissions: [P.fleetView, P.fleetEdit, 'fleet:sub-fleet:*', 'fleet:depot:*', 'fleet:vehicle:*', P.groupLogView, 'data:*:*', 'other:*:*', P.profileEdit],
    fleetManager: true,
    subFleetManager: true,
  },
  {
    name: 'Sub-fleet manager',
    roleKey: ROLE_KEYS.subFleetManager,
    menu: operations,
    permissions: [
      P.fleetView,
      P.subFleetView,
      P.subFleetEdit,
      P.depotView,
      P.vehicleView,
      P.vehicleEdit,
      P.vehicleShare,
      P.groupLogView,
      P.alarmView,
      P.historyView,
      P.historyExport,
      P.reportView,
      P.prealarmView,
      'other:*:*',
      P.profileEdit,
    ],
    fleetManager: false,
    subFleetManager: true,
  },
  {
    name: 'Service engineer',
    roleKey: ROLE_KEYS.serviceEngineer,
    menu: ['home', 'vehicles/list', 'vehicles/group', 'data/reports', 'other/issueReport'],
    permissions: [
      P.fleetView,
      P.subFleetView,
      P.depotView,
      P.vehicleView,
      P.vehicleSettings,
      P.vehicleFirmware,
      P.groupLogView,
      P.alarmView,
      P.historyView,
      P.historyExport,
      P.reportView,
      P.issueView,
      P.issueEdit,
      P.profileEdit,
    ],
    fleetManager: false,
    subFleetManager: false,
  },
  {
    name: 'Operator',
    roleKey: ROLE_KEYS.operator,
    menu: ['home', 'vehicles/list', 'data/reports'],
    permissions: [P.fleetView, P.subFleetView, P.depotView, P.vehicleView, P.groupLogView, P.alarmView, P.historyView, P.historyExport, P.reportView, P.profileEdit],
    fleetManager: false,
    subFleetManager: false,
  },
  {
    name: 'Member',
    roleKey: ROLE_KEYS.member,
    menu: [],
    permissions: [P.profileEdit],
    fleetManager: false,
    subFleetManager: false,
  },
];
