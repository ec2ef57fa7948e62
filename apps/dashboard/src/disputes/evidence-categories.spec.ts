import { EVIDENCE_CATEGORIES } from '@platform/contracts';
import { CONTEST_CATEGORIES } from './evidence-categories';

describe('the contest form’s evidence kinds', () => {
  it('are every category the contest accepts, in the contract’s order, then others', () => {
    expect([...CONTEST_CATEGORIES]).toEqual([...EVIDENCE_CATEGORIES, 'others']);
  });
});
