// Plain constants (no zod), so the web shell's route table can import them without the contracts.

/** The order pages: holding any one opens an order's detail (which orders, the server decides). */
export const ORDER_PAGE_POWERS = [
  'AllOrder',
  'CreateOrder',
  'AcceptanceOrder',
  'MyOrder',
  'TeamworkOrder',
  'AssignOrder',
  'OrderHighSeas',
  'AbnormalOrder',
  'DueOrder',
  'ExamineOrder',
  'SendMeOrder',
  'OrderRubbish',
  'ReturnVisitOrder',
].map((r) => `menu_${r}`);
