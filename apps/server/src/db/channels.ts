/** The PostgreSQL NOTIFY channel every instance's socket hub listens on (messages, broadcasts, live notices). */
export const IM_CHANNEL = 'im_messages';
