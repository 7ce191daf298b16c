// What other parts may use of the settlement area: money formatting, a statement's state tag and an order's provider-
// fee card.
export { yuan } from './api';
export { ProviderFeeCard } from './components/ProviderFeeCard';
export { SettleStateTag } from './components/settleBits';
