// French puts a space before : ; ? and ! ("Indicateurs de dora : 4m"); the screens build some of their lines from
// pieces ("{topic}{colon} {score}"), where a colon written into the code once gave "Minipoints des combinaisons:" on
// the French screen. Every screen and the ledger's forms and entries are rendered in French here, and their text
// must not set one of those signs straight after a letter or a digit.
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import CaptureScreen from '../../src/app/capture/CaptureScreen.tsx';
import HandScreen from '../../src/app/hand/HandScreen.tsx';
import { setLang } from '../../src/app/i18n/index.ts';
import { GameView } from '../../src/app/ledger/GameView.tsx';
import { formFromEvent, HandForm } from '../../src/app/ledger/HandForm.tsx';
import LedgerScreen from '../../src/app/ledger/LedgerScreen.tsx';
import { ledgerStrings } from '../../src/app/ledger/strings.ts';
import PracticeScreen from '../../src/app/practice/PracticeScreen.tsx';
import { WaitsPractice } from '../../src/app/practice/WaitsPractice.tsx';
import { actions } from '../../src/app/state/store.ts';
import { PRESET_NAMES } from '../../src/engine/index.ts';
import { newDocument, replay } from '../../src/engine/ledger/index.ts';
import { PHOTO_WORDS } from '../../src/cli/vision/words.ts';
import { tables as captureTables } from '../../src/app/capture/strings.ts';
import { liveTables } from '../../src/app/capture/live/strings.ts';
import { waitsStrings } from '../../src/app/hand/waitsStrings.ts';
import { fr } from '../../src/app/i18n/fr.ts';
import { RULE_WORDS } from '../../src/app/i18n/ruleWords.ts';
import { practiceStrings } from '../../src/app/practice/strings.ts';
import { waitsPracticeStrings } from '../../src/app/practice/waitsStrings.ts';
import { MESSAGES } from '../../src/engine/index.ts';
import { WAITS_TEXTS } from '../../src/engine/i18n/waits.ts';
import { SHEET_WORDS } from '../../src/engine/ledger/document.ts';
import { IMPORT_MESSAGES, LEDGER_MESSAGES } from '../../src/engine/ledger/messages.ts';
import { NOTE_TEXTS } from '../../src/vision/notes.ts';
import { playRandomGame, rng } from '../ledger/randomGames.ts';
import { breakable, shownText, unspaced } from './frenchText.ts';
import { stringsOf } from './tableStrings.ts';

const text = (element: ReactElement) => shownText(renderToStaticMarkup(element));

describe('French typography on the screens', () => {
  it('every screen, with a scored hand and its waits, has a space before : ; ? !', () => {
    setLang('fr');
    actions.setHandFromRecognition({ closed: '234m067p345s5688s7s', winTile: '7s', melds: [] });
    actions.setSituation({ tsumo: false, seat_wind: 'S', riichi: true, dora_indicators: ['4s'] });
    const screens: ReactElement[] = [createElement(CaptureScreen), createElement(HandScreen), createElement(LedgerScreen), createElement(PracticeScreen)];
    for (const melds of ['closed', 'open'] as const) screens.push(createElement(WaitsPractice, { melds, rules: 'ema', onAnswered: () => undefined, round: 0 }));
    for (const screen of screens) {
      const shown = text(screen);
      expect(unspaced(shown)).toEqual([]);
      expect(breakable(shown)).toEqual([]);
    }
    actions.setHandFromRecognition({ closed: '234m067p345s5688s', winTile: null, melds: [] });
    expect(unspaced(text(createElement(HandScreen)))).toEqual([]);
    expect(breakable(text(createElement(HandScreen)))).toEqual([]);
  });

  it('the ledger: random games with pao, nagashi and chombo, every entry and its correction form', () => {
    setLang('fr');
    const s = ledgerStrings.fr;
    const next = rng(612);
    let pao = 0;
    for (const preset of PRESET_NAMES) {
      for (let g = 0; g < 4; g++) {
        const { setup, events } = playRandomGame(preset, next, 40);
        const doc = { ...newDocument(`${preset}-${g}`, setup, new Date(Date.UTC(2026, 11, 5))), events };
        const shown = text(createElement(GameView, { s, doc, onEvents: async () => true }));
        expect(unspaced(shown), `${preset} game ${g}`).toEqual([]);
        expect(breakable(shown), `${preset} game ${g}`).toEqual([]);
        if (shown.includes(s.pao)) pao++;
        events.forEach((event, i) => {
          if (event.type === 'riichi') return;
          const before = replay(setup, events.slice(0, i)).state;
          const form = createElement(HandForm, { s, state: before, initial: formFromEvent(event, before), editing: i, onSubmit: () => null, onCancel: () => undefined });
          expect(unspaced(text(form)), `${preset} game ${g}, entry ${i + 1}`).toEqual([]);
          expect(breakable(text(form)), `${preset} game ${g}, entry ${i + 1}`).toEqual([]);
        });
      }
    }
    expect(pao).toBeGreaterThan(0);
  });

  it('every French string table (app, engine, ledger, recognition notes, command line) sets those spaces as no-break ones', () => {
    const tables = [fr, ledgerStrings.fr, practiceStrings.fr, waitsPracticeStrings.fr, waitsStrings.fr, captureTables.fr, liveTables.fr, RULE_WORDS.fr, MESSAGES.fr, WAITS_TEXTS.fr, SHEET_WORDS.fr, LEDGER_MESSAGES.fr, IMPORT_MESSAGES.fr, NOTE_TEXTS.fr, PHOTO_WORDS.fr];
    const texts = stringsOf(tables);
    expect(texts.length).toBeGreaterThan(700);
    // an ordinary space (a line may break there) before : ; ? ! » %, or after «
    expect(texts.filter((t) => /[^\S\u00a0\u202f][:;?!»%]|«[^\S\u00a0\u202f]/u.test(t))).toEqual([]);
  });
});
