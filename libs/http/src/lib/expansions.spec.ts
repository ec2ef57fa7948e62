import { readExpansions } from './expansions';

describe('readExpansions', () => {
  it.each([
    ['expand[]=card', ['card']],
    ['expand%5B%5D=card', ['card']],
    ['expand%5Bexpand%5D=card', ['card']],
    ['expand[expand][0]=card&expand[expand][1]=emi', ['card', 'emi']],
    ['expand[]=card&expand[expand]=card', ['card']],
    ['expand=card', ['card']],
    ['count=10&skip=0', []],
    ['expanded=card&x[expand]=card', []],
  ])('reads %s', (query, expected) => {
    expect(readExpansions(query)).toEqual(expected);
  });
});
