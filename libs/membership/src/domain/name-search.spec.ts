import { describe, expect, it } from '@jest/globals';
import { nameSearchForms, prefixRange, searchForm } from './name-search.js';

describe('searchForm', () => {
  it('drops case, accents and apostrophes, and collapses spaces', () => {
    expect(searchForm('  José   Núñez ')).toBe('jose nunez');
    expect(searchForm("O'Brien")).toBe('obrien');
    expect(searchForm('O’Brien')).toBe('obrien');
    expect(searchForm('ZOË\tÅSTRÖM')).toBe('zoe astrom');
  });

  it('folds the letters that have no accent to remove', () => {
    expect(searchForm('Łukasz Søren Strauß Æthelred')).toBe('lukasz soren strauss aethelred');
  });

  it('keeps hyphens, digits and letters of any script', () => {
    expect(searchForm('Smith-Jones 2nd')).toBe('smith-jones 2nd');
    expect(searchForm('王 小明')).toBe('王 小明');
  });

  it('leaves out control, format and private-use characters', () => {
    expect(searchForm('A\u0007l\u200be\uE000x\u{10FFFF}')).toBe('alex');
  });
});

describe('nameSearchForms', () => {
  it('gives the last name and the full name, first name first', () => {
    expect(nameSearchForms('Zoë', 'Ng-Ávila')).toEqual({ lastNameSearch: 'ng-avila', fullNameSearch: 'zoe ng-avila' });
  });
});

describe('prefixRange', () => {
  it('ends just after every form that starts with the prefix', () => {
    expect(prefixRange('che')).toEqual({ from: 'che', to: 'chf' });
    expect(prefixRange('alex ')).toEqual({ from: 'alex ', to: 'alex!' });
  });

  it('steps over the surrogates and past characters outside the basic plane', () => {
    expect(prefixRange('a\ud7ff').to).toBe('a\ue000');
    expect(prefixRange('a😀').to).toBe('a😁');
  });

  it('holds exactly the forms with the prefix, in code point order', () => {
    const { from, to } = prefixRange('chen');
    const inRange = (form: string) =>
      Buffer.compare(Buffer.from(form), Buffer.from(from)) >= 0 &&
      Buffer.compare(Buffer.from(form), Buffer.from(to)) < 0;
    expect(['chen', 'chen wu', 'cheng', 'chen😀'].every(inRange)).toBe(true);
    expect(['che', 'chem', 'cheo', 'achen'].some(inRange)).toBe(false);
  });
});
