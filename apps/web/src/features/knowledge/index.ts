// What other parts may use of the knowledge base: the cases suggested while an order is created and on its detail.
export { CreateOrderKnowledge } from './CreateOrderKnowledge';
export { OrderKnowledge } from './OrderKnowledge';
