import type { OfferDetailsRow } from '../offer-details/offer-details.entity';

export interface OfferEntity {
  id: string;
  entity: 'offer';
  name: string;
  display_text: string | null;
  currency: string;
  discount_type: 'percent' | 'flat';
  discount_percent: number | null;
  discount_amount: number | null;
  max_discount: number | null;
  cycles: number | null;
  active: boolean;
  created_at: number;
}

export function toOfferEntity(row: OfferDetailsRow): OfferEntity {
  const t = row.terms;
  return {
    id: row.id,
    entity: 'offer',
    name: t.name,
    display_text: t.displayText,
    currency: t.currency,
    discount_type: t.discountType,
    discount_percent: t.discountPercent,
    discount_amount: t.discountAmount,
    max_discount: t.maxDiscount,
    cycles: t.cycles,
    active: row.active,
    created_at: row.createdAt,
  };
}
