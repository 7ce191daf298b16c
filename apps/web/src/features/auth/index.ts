// What other parts may use of the login area: the card the login pages share, a client's login for the embedded
// home page, and the SMS code button (the QR report proves a mobile with it).
export { loginClient, startSession } from './api';
export { AuthCard } from './components/AuthCard';
export { SendCodeButton } from './components/SendCodeButton';
