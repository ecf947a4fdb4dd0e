// Hands `score --jsonl` scores once before a long input, output thrown away, so that V8 has seen every rare
// path of the engine and of ./ before it optimises them (see ./run.ts). A path first met after TurboFan compiled
// its function (a renhou without another yaku, three kongs, tenhou, an error) throws that code away: V8
// deoptimises and compiles the function again, one of the largest (scoreParsed, buildResult), later in the run.
// One line of each kind the engine treats apart, in the schema's usual form (the direct parser reads them), plus
// one that goes to JSON.parse. None names rules: they are scored by the run's rules, as most lines are.
export const WARM_UP_LINES: readonly string[] = [
  '{"closed":"234m567p345s56788s","win_tile":"7s","seat_wind":"S","round_wind":"E","riichi":true,"dora_indicators":"3m","ura_indicators":"1z","honba":0,"riichi_sticks":1}',
  '{"closed":"123m456p789s11222z","win_tile":"2z","tsumo":true,"seat_wind":"E","honba":2,"riichi_sticks":0}',
  '{"closed":"123m05p555s","melds":[{"type":"pon","tiles":"777z"},{"type":"kan-closed","tiles":"1111p"}],"win_tile":"5s","round_wind":"S","dora_indicators":"6z4s"}',
  '{"closed":"1133m5577p22s6699s","win_tile":"9s","tsumo":true,"seat_wind":"W"}',
  '{"closed":"19m19p19s1234567z1m","win_tile":"1m","seat_wind":"N"}',
  '{"closed":"222m456p99s","melds":[{"type":"chi","tiles":"340s"},{"type":"pon","tiles":"888m"}],"win_tile":"2m","houtei":true}',
  '{"closed":"123m456p789s99m","melds":[{"type":"chi","tiles":"234s"}],"win_tile":"9s"}',
  '{"closed":"123m456p789s111s99m","win_tile":"9m","seat_wind":"S","renhou":true}',
  '{"closed":"99m","melds":[{"type":"kan-open","tiles":"2222p"},{"type":"kan-closed","tiles":"3333s"},{"type":"kan-added","tiles":"4444m"},{"type":"chi","tiles":"678s"}],"win_tile":"9m","tsumo":true,"dora_indicators":"1p2s3m"}',
  '{"closed":"123m456p789s11222z","win_tile":"2z","tsumo":true,"seat_wind":"E","tenhou":true}',
  '{"closed":"123m456p789s11222z","win_tile":"2z","tsumo":true,"seat_wind":"S","chiihou":true}',
  '{"closed":"234m567p345s56788s","win_tile":"7s","tsumo":true,"haitei":true,"seat_wind":"W"}',
  '{"closed":"123m456p99s","melds":[{"type":"kan-closed","tiles":"1111p"},{"type":"chi","tiles":"678s"}],"win_tile":"9s","tsumo":true,"rinshan":true}',
  '{"closed":"234m567p345s56788s","win_tile":"7s","chankan":true,"riichi":true}',
  '{"closed":"234m567p345s56788s","win_tile":"7s","double_riichi":true,"ippatsu":true,"seat_wind":"N"}',
  '{"closed":"555666777z11z","melds":[{"type":"pon","tiles":"222z"}],"win_tile":"1z","tsumo":true}',
  '{"closed":"111999m111999p11s","win_tile":"1s","tsumo":true}',
  '{"closed":"234m567p345s56788s","win_tile":"7s","ippatsu":true}',
  '{"closed":"123m456p789s13577z","win_tile":"7z"}',
  '{"closed":"234m567p345s5678x","win_tile":"7s"}',
  '{"closed":"234m567p345s5678s","win_tile":"7s"}',
  '{"closed":"234m567p345s56788s","win_tile":"7s","seat_wind":"X"}',
  '{"closed":"234m567p345s\\u00356788s","win_tile":"7s","riichi":true}',
];
