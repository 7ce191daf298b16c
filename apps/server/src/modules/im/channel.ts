export { IM_CHANNEL } from '../../db/channels';
