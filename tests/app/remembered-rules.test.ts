// The rules last chosen are kept for a bare launch (the home screen's start address), never put on a link that says
// something of its own.
import { describe, expect, it } from 'vitest';
import { readLink } from '../../src/app/state/url.ts';
import { rulesQuery, withKeptRules } from '../../src/app/state/rememberedRules.ts';

describe('rules kept for the next launch', () => {
  it('takes the rules part of an address: the preset, and custom options', () => {
    expect(rulesQuery('#/hand?c=234m&rules=mleague&t=1')).toBe('rules=mleague');
    expect(rulesQuery('#/hand?c=234m')).toBe(''); // EMA 2016: no rules written
    expect(rulesQuery('#/hand?rules=custom&o=openTanyao:false')).toBe('rules=custom&o=openTanyao%3Afalse');
  });

  it('opens a bare address with them; a link with anything of its own is left as it is', () => {
    expect(readLink(withKeptRules('#/photo', 'rules=mleague')).state.situation.rules).toBe('mleague');
    expect(readLink(withKeptRules('', 'rules=tenhou')).state).toMatchObject({ screen: 'photo', situation: { rules: 'tenhou' } });
    const custom = readLink(withKeptRules('#/hand', 'rules=custom&o=openTanyao%3Afalse')).state.situation;
    expect([custom.rules, custom.custom.openTanyao]).toEqual(['custom', false]);
    // a friend's EMA hand (no rules written) stays EMA; a link's own rules stand
    expect(readLink(withKeptRules('#/hand?c=234m567p345s5688s&w=7s', 'rules=mleague')).state.situation.rules).toBe('ema');
    expect(readLink(withKeptRules('#/hand?rules=wrc2015', 'rules=mleague')).state.situation.rules).toBe('wrc2015');
    // nothing kept, or something else kept: as before
    expect(withKeptRules('#/photo', null)).toBe('#/photo');
    expect(withKeptRules('#/photo', 'c=111m&evil=1')).toBe('#/photo');
    expect(readLink(withKeptRules('#/photo', 'rules=__proto__')).state.situation.rules).toBe('ema');
  });
});
