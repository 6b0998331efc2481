/**
 * The swear-word list the olympiad's forms check against (Russian mat and
 * English profanity, plus Latin transliterations of the Russian words).
 * No maintained npm list covers Russian with obfuscations, so we keep this
 * one. Entries are written in plain lower-case letters; `profanity.ts`
 * turns every letter into the set of characters people type instead of it.
 *
 * - `anywhere`: roots that never occur inside a decent word;
 * - `start`: roots that count at the start of a word or after one of `prefixes`
 *   (so "заебал" is caught while "себе" and "колеблется" are not);
 * - `exact`: words that count only as a whole word ("сука", "ass"), because
 *   they hide inside decent words ("сукно", "class");
 * - `safe`: decent words that contain an `anywhere` root; they are cut out
 *   of a word before it is checked.
 */
export interface ProfanityList {
  anywhere: string[];
  start: string[];
  prefixes: string[];
  exact: string[];
  safe: string[];
}

export const PROFANITY_WORDS: ProfanityList = {
  anywhere: [
    // Russian
    'хуй', 'хуе', 'хуя', 'хую', 'хуи', 'пизд', 'пезд', 'бляд', 'блят', 'пидор', 'пидар', 'пидр', 'педрил', 'мудак', 'мудил',
    'мудозвон', 'гандон', 'гондон', 'шлюх', 'залуп', 'говн', 'жоп', 'мразь', 'мрази', 'шалав',
    // English
    'fuck', 'fuk', 'fck', 'motherf', 'shit', 'bitch', 'cunt', 'asshole', 'arsehole', 'dickhead', 'whore', 'slut', 'bastard',
    'nigger', 'nigga', 'faggot', 'wanker', 'twat', 'bollock', 'pussy', 'cocksucker', 'jackass', 'dumbass',
    // Russian in Latin letters
    'pizd', 'pezd', 'blyad', 'blyat', 'bljad', 'pidor', 'pidar', 'pidr', 'mudak', 'mudil', 'gandon', 'gondon', 'zalup', 'shluh',
    'nahuy', 'nahui', 'pohuy', 'huyn', 'xyu', 'xuy',
  ],
  start: ['еб', 'дроч', 'срат', 'сран', 'срал', 'херн', 'ebat', 'ebal', 'ebanu', 'ebany', 'ebanat', 'eblo', 'droch', 'huy', 'huj', 'piss'],
  prefixes: [
    'за', 'на', 'по', 'вы', 'от', 'ото', 'до', 'у', 'об', 'обо', 'подъ', 'съ', 'разъ', 'въ', 'изъ', 'при', 'про', 'пере', 'недо',
    'долбо', 'мудо', 'рас', 'вз', 'za', 'na', 'po', 'vy', 'ot', 'do', 'u', 'ob', 'pod', 's', 'raz', 'pri', 'pro', 'pere', 'dolbo',
  ],
  exact: [
    // Russian
    'сука', 'суки', 'суке', 'суку', 'сукой', 'суками', 'сукам', 'суках', 'сучка', 'сучки', 'сучке', 'сучку', 'сучкой', 'сучара',
    'сучий', 'сучье', 'бля', 'блядь', 'хер', 'нахер', 'похер', 'манда', 'манды', 'манде', 'манду', 'мандой', 'педик', 'педики',
    'шмара', 'курва', 'курвы', 'дерьмо', 'дерьма', 'засранец', 'ублюдок', 'ублюдки',
    // English
    'ass', 'asses', 'arse', 'cock', 'cocks', 'dick', 'dicks', 'prick', 'pricks', 'crap', 'wank', 'fag', 'fags', 'bullshit',
    // Russian in Latin letters
    'suka', 'suki', 'blya', 'blyat', 'xui', 'manda', 'pedik', 'govno', 'jopa', 'zhopa',
  ],
  safe: [
    'страху', 'психу', 'скипидар', 'ниуэ', 'skipidar', 'scunthorpe', 'fuku', 'snigger', 'shitake', 'shiitake', 'shita', 'huygens',
    'cockpit', 'cocktail', 'peacock', 'hancock', 'hitchcock', 'dickens', 'pissarro', 'slutsk', 'ebank',
  ],
};
