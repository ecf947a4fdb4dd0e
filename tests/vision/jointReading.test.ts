import { describe, expect, it } from 'vitest';
import { isCompleteHand, isOneFromComplete, readRowJointly } from '../../src/vision/jointReading.ts';
import { parseHandString } from '../../src/vision/tiles.ts';
import { CLASSES, probs, read, row, sure } from './classProbs.ts';

function counts(hand: string): Uint8Array {
  const c = new Uint8Array(34);
  for (const t of parseHandString(hand)!) {
    const k = t[1] === 'z' ? 27 + Number(t[0]) - 1 : 'mps'.indexOf(t[1]!) * 9 + (t[0] === '0' ? 4 : Number(t[0]) - 1);
    c[k]!++;
  }
  return c;
}

describe('hand shapes', () => {
  it('knows complete and one-away hands', () => {
    expect(isCompleteHand(counts('123m345p333p789s55z'))).toBe(true);
    expect(isCompleteHand(counts('1122m3344p5566s77z'))).toBe(true); // seven pairs
    expect(isCompleteHand(counts('19m19p19s12345677z'))).toBe(true); // thirteen orphans
    expect(isCompleteHand(counts('123m345p333p789s56z'))).toBe(false);
    expect(isOneFromComplete(counts('123m345p333p789s5z'))).toBe(true);
    expect(isOneFromComplete(counts('123m345p333p79s15z'))).toBe(false);
  });
});

describe('joint reading of the row', () => {
  it('fixes a top-1 fifth copy from the top-3, to the class that makes the hand complete', () => {
    // true row 123m 345p 333p 789s 55z; the 4p is read as 3p first, 2p second, 4p third
    const p = row('123m3p5p333p789s55z');
    p.splice(4, 0, probs({ '3p': 0.45, '2p': 0.25, '4p': 0.2 }));
    const j = readRowJointly(p, CLASSES);
    expect(read(j.choice)).toBe('1m 2m 3m 3p 4p 5p 3p 3p 3p 7s 8s 9s 5z 5z');
    expect(j.changed.filter(Boolean)).toHaveLength(1);
    expect(j.changed[4]).toBe(true);
    expect(j.rule).toBe('shape');
    // the copy rule alone takes the cheaper second class
    const copies = readRowJointly(p, CLASSES, {}, { shape: false });
    expect(CLASSES[copies.choice[4]!]).toBe('2p');
  });

  it('never changes a confident tile, and says why it left the row as read', () => {
    const five = row('33333p123m789s55z'); // five 3p, all read with confidence
    const j = readRowJointly(five, CLASSES);
    expect(j.changed.some(Boolean)).toBe(false);
    expect(j.rule).toBe('plain');
    expect(j.note).toEqual({ code: 'CONFIDENT_TILES_BREAK_RULES' });
    // an incomplete row whose only unsure tile cannot complete it: the confident tiles stay, the note says so
    const p = row('123m345p333p789s5z');
    p.push(probs({ '6z': 0.5, '7z': 0.3 }));
    const k = readRowJointly(p, CLASSES);
    expect(k.changed.slice(0, 13).some(Boolean)).toBe(false);
    expect(k.rule).toBe('copies');
    expect(k.note).toEqual({ code: 'NOT_A_COMPLETE_HAND' });
  });

  it('completes a 13-tile row to one tile from complete, and keeps one red five per suit', () => {
    const p = row('123m345p78s555z1z');
    p.push(probs({ '4z': 0.5, '9s': 0.3 })); // 13 tiles: 4z leaves two tiles alone, 9s makes 789s with the 1z waiting
    expect(CLASSES[readRowJointly(p, CLASSES).choice[12]!]).toBe('9s');
    const reds = row('0p0p678m');
    reds[1] = probs({ '0p': 0.6, '5p': 0.35 });
    const r = readRowJointly(reds, CLASSES);
    expect(read(r.choice)).toBe('0p 5p 6m 7m 8m');
  });

  it('counts dora indicators towards four of a kind, and a kan set apart as three tiles', () => {
    const p = row('123m345p789s55z');
    p.splice(3, 0, probs({ '3p': 0.5, '6p': 0.4 }), sure('3p'), sure('3p'));
    // 123m 3p? 3p 3p 345p 789s 55z: with one more 3p shown as a dora indicator the unsure one cannot be 3p
    expect(CLASSES[readRowJointly(p, CLASSES, {}, { shape: false }).choice[3]!]).toBe('3p');
    const j = readRowJointly(p, CLASSES, { otherTiles: ['3p'] }, { shape: false });
    expect(CLASSES[j.choice[3]!]).toBe('6p');
    // 15 tiles with a kan of 9s set apart count as 14: the shape is asked for
    const kan = row('123m345p333p55z9999s');
    const groups = kan.map((_, i) => (i >= 11 ? 1 : 0));
    expect(readRowJointly(kan, CLASSES, { groups }).rule).toBe('shape');
    expect(readRowJointly(kan, CLASSES).shapeAsked).toBe(false);
  });

  it('stays under 20 ms on a row of fourteen unsure tiles', () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const rows = Array.from({ length: 30 }, () =>
      Array.from({ length: 14 }, () => {
        const picks: Record<string, number> = {};
        let left = 0.95;
        for (let k = 0; k < 5; k++) {
          const c = CLASSES[Math.floor(rand() * 34)]!;
          if (picks[c]) continue;
          const v = left * (0.3 + 0.4 * rand());
          picks[c] = v;
          left -= v;
        }
        return probs(picks);
      }),
    );
    for (const p of rows.slice(0, 10)) readRowJointly(p, CLASSES); // warm up (the first calls compile)
    const ms = rows.slice(10).flatMap((p) => [p, p.slice(0, 13)]).map((p) => {
      const t0 = performance.now();
      const j = readRowJointly(p, CLASSES);
      expect(j.nodes).toBeLessThanOrEqual(2 * 5_000 + 30);
      return performance.now() - t0;
    });
    ms.sort((a, b) => a - b);
    expect(ms[ms.length >> 1]).toBeLessThan(20);
  });
});

describe('calibrated probabilities', () => {
  it('reads the temperature from model.json (1 when absent, a positive number when given)', async () => {
    const { parseModelSpec } = await import('../../src/vision/modelSpec.ts');
    const { SPEC_JSON } = await import('./fakeModels.ts');
    const { classProbabilities, calibrationFigures } = await import('../../src/vision/calibration.ts');
    expect(parseModelSpec(SPEC_JSON).classifier.temperature).toBe(1);
    const warm = parseModelSpec({ ...SPEC_JSON, classifier: { ...SPEC_JSON.classifier, temperature: 2 } }).classifier;
    expect(warm.temperature).toBe(2);
    expect(() => parseModelSpec({ ...SPEC_JSON, classifier: { ...SPEC_JSON.classifier, temperature: 0 } })).toThrow(/temperature/);
    expect(() => parseModelSpec({ ...SPEC_JSON, classifier: { ...SPEC_JSON.classifier, temperature: 'hot' } })).toThrow(/temperature/);
    const logits = [4, 2, 0];
    const p1 = classProbabilities(logits, [1, 0], null, { ...warm, temperature: 1 });
    const p2 = classProbabilities(logits, [1, 0], null, warm);
    expect(p2[0]).toBeLessThan(p1[0]!);
    expect(p2[0]).toBeCloseTo(Math.exp(2) / (Math.exp(2) + Math.exp(1) + 1));
    // ECE: scores of 0.8 of which 80% are right are calibrated
    const f = calibrationFigures(Array(10).fill(0.85), [...Array(8).fill(true), false, false], 0.9);
    expect(f.ece).toBeCloseTo(0.05);
    expect(f.misreadsDoubtful).toBe(1);
    expect(f.rightDoubtful).toBe(1);
  });
});
