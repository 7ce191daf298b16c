// Money and documents of an order, mounted by the order detail page.
export { EvaluationPanel } from './EvaluationPanel';
export { FeesPanel } from './FeesPanel';
export { PaymentQr } from './PaymentQr';
export { ReportButtons } from './ReportButtons';
