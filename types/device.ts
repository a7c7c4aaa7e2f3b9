/**
 * The shop's device id (docs/console.md "工作台", 访客): a random id the H5 and the mini-program keep in storage and
 * send with every call, so the server counts each device once a day, signed in or not. It names no person.
 */
export const DEVICE_HEADER = 'x-device-id'
/** What the shop makes and the server accepts: 16 to 64 letters, digits, '-' or '_'. */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/
