import { ORDER_STATES } from '@sk/shared/common/labels';
import { ColorTag } from '../../../components/ColorTag';

export const OrderState = ({ state }: { state: number }) => {
  const s = ORDER_STATES[state as keyof typeof ORDER_STATES];
  return (
    <ColorTag color={s?.color} data-testid="portal-order-state">
      {s?.label ?? state}
    </ColorTag>
  );
};

export const Row = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <div className="portal-row">
    <span>{label}</span>
    <span>{children ?? '—'}</span>
  </div>
);
