// What other parts may use of the call centre: click-to-call beside a phone number, and the screen pop the header
// mounts (app/slots.tsx).
export { CallPopListener } from './CallPop';
export { DialButton } from './DialButton';
