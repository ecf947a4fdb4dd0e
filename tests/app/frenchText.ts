// French typography checks shared by the screen tests: French sets a space before : ; ? and ! ("Indicateurs de
// dora : 4m"), which the screens get wrong when they build a line from pieces with a colon written in the code.

/** The text a reader sees in rendered markup: React's separators between text pieces dropped (they are not
 * spaces), style and script bodies and tags as spaces, the two escapes React writes in text put back. */
export const shownText = (html: string) =>
  html.replace(/<!-- -->/g, '').replace(/<(style|script)[^>]*>.*?<\/\1>/gs, ' ').replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/&amp;/g, '&');

/** Each place where one of : ; ? ! follows a letter or digit straight away, with some text around it (a time
 * like 21:40 is not flagged). */
export const unspaced = (shown: string) => [...shown.matchAll(/\S{0,30}[\p{L}\d][:;?!](?!\d)\S{0,20}/gu)].map((m) => m[0]);

/** Each place where the space before : ; ? ! » (or after «) is an ordinary one, at which a line may break and
 * start with the sign: French sets a no-break space there (U+00A0, or the narrow U+202F). */
export const breakable = (shown: string) => [...shown.matchAll(/\S{0,30}[^\S\u00a0\u202f][:;?!»](?!\d)\S{0,20}|«[^\S\u00a0\u202f]\S{0,20}/gu)].map((m) => m[0]);
