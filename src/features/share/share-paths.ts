export const SHARE_INFO_PATH = '/customization/share/v1/get/info';
export const SHARE_VEHICLE_PATH = '/customization/share/v1/get/info/vehicle';
