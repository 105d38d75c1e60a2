// The channel key that authorizes uploads and version checks, as three modules read it.

/** The channels.key column's size: a longer key cannot exist. */
export const CHANNEL_KEY_MAX = 64;
export const UNAUTHORIZED_CHANNEL_KEY = 'Unauthorized channel key';
