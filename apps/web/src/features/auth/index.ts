// What other parts may use of the login area: the card the login pages share, and a client's login for the embedded
// home page.
export { loginClient, startSession } from './api';
export { AuthCard } from './components/AuthCard';
