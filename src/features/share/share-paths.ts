export const SHARE_INFO_PATH = '/customization/share/v1/get/info';
