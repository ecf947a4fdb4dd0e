// `riichi-lens learn --profile DIR photo.jpg "<true hand>"`: remembers the player's tile set.
// The photo is recognised, its row is aligned with the true hand (edit distance, so a missed or an
// extra tile does not shift the rest), and the embedding of every recognised tile that lines up with a
// true tile is added to that true tile's prototype in DIR/profile.json.
import { fillTemplate, normalizeHandText } from '../../engine/index.ts';
import { alignRows } from '../../vision/align.ts';
import { addExample, emptyProfile, learntTiles, MAX_EXAMPLES_PER_CLASS, profileMatches, type TileProfile } from '../../vision/prototypes.ts';
import { parseHandString } from '../../vision/tiles.ts';
import { langValue, lastValue, parseArgs, UsageError, usageErrorText } from '../args.ts';
import { createNodeRecognizer } from '../vision/nodeRecognizer.ts';
import { checkProfileDir, readProfile, removeProfile, writeProfile } from '../vision/profileStore.ts';
import { EXIT_BAD_INPUT, EXIT_USAGE, recognizeFile, reportError } from '../vision/runPhoto.ts';

const USAGE = `Usage: riichi-lens learn --profile DIR photo.jpg "<true hand>"
       riichi-lens learn --profile DIR --show     what the profile holds ("your set: 23 tiles learned")
       riichi-lens learn --profile DIR --reset    forget the learnt set

Teaches the recogniser your tile set from one photo whose hand you give, left to right as in the photo
(standard notation, 0 = red five, ? = a tile showing its back), e.g. "123m406p789s1122z".
The profile is stored in DIR/profile.json; use it with "riichi-lens recognize --profile DIR". It keeps one
prototype per tile kind (at most ${MAX_EXAMPLES_PER_CLASS} examples' weight each) and belongs to the classifier it was made with.
Each photo adds to it. The more kinds of your set it holds, the more it can correct: between a tile's two likeliest
readings it weighs in only when both kinds were taught.
  --models DIR    models folder (default: the repository's models/)
  --lang en|fr    language of the answer (default en)`;

/** The words of the answer in each language of --lang, as data. */
const LEARN_WORDS = {
  en: {
    otherModelNew: 'the profile in {dir} was made with another model; starting a new one.',
    tooShort: 'the true hand "{hand}" has {count} tile{plural} but the photo shows {found} tile{plural_found} ("{read}"); give the whole row, left to right. Nothing learnt.',
    noneLineUp: 'no recognised tile lines up with "{hand}" (found "{read}"); nothing learnt.',
    fewLineUp: 'only {learnt} of the {count} tiles line up with the photo (found "{read}"); is the hand written left to right as in the photo?',
    recognised: 'recognised: {read}',
    learnt: 'learnt {learnt} tile{plural_learnt} ({corrected} corrected) into {file}; {missed} true tile{plural_missed} not found, {extra} extra detection{plural_extra} ignored.',
    yourSet: 'your set: {count} tile{plural} learned, {kinds} tile kind{plural_kinds}',
    forgot: 'forgot the tile set learnt in {dir}.',
    nothingToForget: 'no profile in {dir}; nothing to forget.',
    noneYet: 'your set: no tiles learned yet (no profile in {dir}).',
    otherModel: 'made with another model ({made}; the current one is {current}): it is not used; learn the set again or --reset.',
    currentModel: 'made with the current model ({made}).',
  },
  fr: {
    otherModelNew: 'le profil de {dir} a été fait avec un autre modèle\u00a0; un nouveau profil commence.',
    tooShort: 'la main donnée «\u00a0{hand}\u00a0» a {count} tuile{pluriel} mais la photo en montre {found} («\u00a0{read}\u00a0»)\u00a0; donnez toute la rangée, de gauche à droite. Rien n’a été appris.',
    noneLineUp: 'aucune tuile reconnue ne correspond à «\u00a0{hand}\u00a0» (trouvé «\u00a0{read}\u00a0»)\u00a0; rien n’a été appris.',
    fewLineUp: 'la photo ne correspond à la main que pour {learnt} tuile{pluriel_learnt} sur {count} (trouvé «\u00a0{read}\u00a0»)\u00a0; la main est-elle écrite de gauche à droite comme sur la photo\u00a0?',
    recognised: 'reconnu\u00a0: {read}',
    learnt: '{learnt} tuile{pluriel_learnt} apprise{pluriel_learnt} ({corrected} corrigée{pluriel_corrected}) dans {file}\u00a0; {missed} tuile{pluriel_missed} de la main non trouvée{pluriel_missed}, {extra} détection{pluriel_extra} en trop ignorée{pluriel_extra}.',
    yourSet: 'votre jeu\u00a0: {count} tuile{pluriel} apprise{pluriel}, {kinds} sorte{pluriel_kinds} de tuile',
    forgot: 'le jeu de tuiles appris dans {dir} est oublié.',
    nothingToForget: 'pas de profil dans {dir}\u00a0; rien à oublier.',
    noneYet: 'votre jeu\u00a0: aucune tuile apprise pour l’instant (pas de profil dans {dir}).',
    otherModel: 'fait avec un autre modèle ({made}\u00a0; le modèle actuel est {current})\u00a0: il ne sert pas\u00a0; faites apprendre le jeu à nouveau, ou --reset.',
    currentModel: 'fait avec le modèle actuel ({made}).',
  },
} as const;
type LearnWords = (typeof LEARN_WORDS)[keyof typeof LEARN_WORDS];

export async function run(argv: string[]): Promise<number> {
  let args;
  let truth: string[];
  let dir: string;
  let w: LearnWords;
  try {
    args = parseArgs(argv, ['profile', 'models', 'lang'], ['help', 'show', 'reset']);
    if (args.flags.has('help')) {
      console.log(USAGE);
      return 0;
    }
    w = LEARN_WORDS[langValue(args)];
    dir = lastValue(args, 'profile') ?? '';
    if (!dir) throw new UsageError('--profile DIR is required');
    if (args.flags.has('show') || args.flags.has('reset')) {
      if (args.positionals.length) throw new UsageError('--show and --reset take no photo');
      return await showOrReset(dir, args.flags.has('reset'), lastValue(args, 'models'), w);
    }
    if (args.positionals.length !== 2) throw new UsageError('give the photo and the true hand');
    const parsed = parseHandString(normalizeHandText(args.positionals[1]!).replace(/[[\](){}+]/g, ''));
    if (!parsed || parsed.length === 0) throw new UsageError(`"${args.positionals[1]}" is not a hand in tile notation`);
    truth = parsed;
  } catch (e) {
    console.error(usageErrorText('riichi-lens learn', (e as Error).message, USAGE, 'riichi-lens learn --help'));
    return EXIT_USAGE;
  }
  try {
    await checkProfileDir(dir);
    const { result, recognizer } = await recognizeFile(args.positionals[0]!, { includeEmbeddings: true, handRules: true, modelsDir: lastValue(args, 'models') });
    const found = result.tiles.map((t) => t.tile);
    const embeddings = result.embeddings ?? [];
    const D = embeddings[0]?.length ?? recognizer.spec.classifier.embeddingSize;
    let profile = await readProfile(dir);
    if (profile && !profileMatches(profile, recognizer.modelId, D)) {
      console.error(`riichi-lens learn: ${fillTemplate(w.otherModelNew, { dir })}`);
      profile = null;
    }
    profile ??= emptyProfile(recognizer.modelId, D);
    // a true hand much shorter than the row found would pair its few tiles with arbitrary detections
    if (truth.length * 2 < found.length) {
      console.error(`riichi-lens learn: ${fillTemplate(w.tooShort, { hand: args.positionals[1]!, count: truth.length, found: found.length, read: result.hand })}`);
      return EXIT_BAD_INPUT;
    }
    const pairs = alignRows(found, truth);
    let learnt = 0;
    let corrected = 0;
    for (const p of pairs) {
      if (p.found === null || p.truth === null) continue;
      profile = addExample(profile, truth[p.truth]!, embeddings[p.found]!, found[p.found]);
      learnt++;
      if (found[p.found] !== truth[p.truth]) corrected++;
    }
    const missed = pairs.filter((p) => p.found === null).length;
    const extra = pairs.filter((p) => p.truth === null).length;
    if (learnt === 0) {
      console.error(`riichi-lens learn: ${fillTemplate(w.noneLineUp, { hand: args.positionals[1]!, read: result.hand })}`);
      return EXIT_BAD_INPUT;
    }
    if (learnt < truth.length / 2) {
      console.error(`riichi-lens learn: ${fillTemplate(w.fewLineUp, { learnt, count: truth.length, read: result.hand })}`);
    }
    const file = await writeProfile(dir, profile);
    console.log(fillTemplate(w.recognised, { read: result.hand }));
    console.log(fillTemplate(w.learnt, { learnt, corrected, file, missed, extra }));
    console.log(`${yourSet(profile, w)}.`);
    return 0;
  } catch (e) {
    return reportError('learn', e);
  }
}

/** "your set: 23 tiles learned, 9 tile kinds", as the app says it. */
function yourSet(profile: TileProfile, w: LearnWords): string {
  return fillTemplate(w.yourSet, { count: learntTiles(profile), kinds: Object.keys(profile.classes).length });
}

/** `--show`: what the profile in DIR holds, and whether it belongs to the current classifier; `--reset`: forget it. */
async function showOrReset(dir: string, reset: boolean, modelsDir: string | undefined, w: LearnWords): Promise<number> {
  try {
    if (reset) {
      const removed = await removeProfile(dir);
      console.log(fillTemplate(removed ? w.forgot : w.nothingToForget, { dir }));
      return 0;
    }
    const profile = await readProfile(dir);
    if (!profile) {
      console.log(fillTemplate(w.noneYet, { dir }));
      return 0;
    }
    const kinds = Object.entries(profile.classes).map(([k, p]) => `${k}×${p.count}`).join(' ');
    console.log(`${yourSet(profile, w)} (${kinds}).`);
    const recognizer = await createNodeRecognizer(modelsDir);
    try {
      await recognizer.load({ warmUp: false });
      if (!profileMatches(profile, recognizer.modelId, profile.embeddingSize) || recognizer.spec.classifier.embeddingSize !== profile.embeddingSize) {
        console.log(fillTemplate(w.otherModel, { made: profile.modelId, current: recognizer.modelId }));
      } else console.log(fillTemplate(w.currentModel, { made: profile.modelId }));
    } finally {
      await recognizer.dispose();
    }
    return 0;
  } catch (e) {
    return reportError('learn', e);
  }
}
