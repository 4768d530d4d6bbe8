import { describe, expect, it } from 'vitest';

import { EMPTY_JOIN, joinProblems, toApplication } from './joinForm';

const good = { ...EMPTY_JOIN, name: ' Ann Lee ', contact: '+84 912 345 678' };

describe('join form rules', () => {
  it('accepts a complete application and trims what it sends', () => {
    expect(joinProblems(good)).toEqual({});
    expect(toApplication({ ...good, message: '  hi  ' })).toEqual({
      kind: 'AFFILIATE', name: 'Ann Lee', contactType: 'MOBILE', contact: '+84 912 345 678', message: 'hi',
    });
  });

  it('requires a name and a contact, within their lengths', () => {
    expect(joinProblems({ ...good, name: '   ', contact: '' })).toEqual({
      name: { key: 'join.errors.required' },
      contact: { key: 'join.errors.required' },
    });
    expect(joinProblems({ ...good, name: 'x'.repeat(61) }).name).toEqual({ key: 'join.errors.tooLong', values: { max: 60 } });
    expect(joinProblems({ ...good, name: 'x'.repeat(60) }).name).toBeUndefined();
    expect(joinProblems({ ...good, contactType: 'TELEGRAM', contact: 'x'.repeat(121) }).contact?.key).toBe('join.errors.tooLong');
    expect(joinProblems({ ...good, message: 'x'.repeat(1001) }).message?.key).toBe('join.errors.tooLong');
    expect(joinProblems({ ...good, message: 'x'.repeat(1000) }).message).toBeUndefined();
  });

  it('checks the contact by its type, and only the kinds and types the server knows', () => {
    expect(joinProblems({ ...good, contactType: 'EMAIL', contact: 'not-an-email' }).contact?.key).toBe('join.errors.email');
    expect(joinProblems({ ...good, contactType: 'EMAIL', contact: 'a@b.co' }).contact).toBeUndefined();
    expect(joinProblems({ ...good, contact: 'call me' }).contact?.key).toBe('join.errors.mobile');
    expect(joinProblems({ ...good, contactType: 'TELEGRAM', contact: '@ann_lee' }).contact).toBeUndefined();
    expect(joinProblems({ ...good, kind: 'BOSS' }).kind?.key).toBe('join.errors.kind');
    expect(joinProblems({ ...good, contactType: 'FAX' }).contactType?.key).toBe('join.errors.contactType');
  });
});
