// What other parts may use of the call centre: click-to-call beside a phone number, the screen pop the header
// mounts (app/slots.tsx), and an order's calls with their recordings (the order detail).
export { CallPopListener } from './CallPop';
export { DialButton } from './DialButton';
export { OrderCalls } from './OrderCalls';
