import { containsProfanity } from '../../shared/validation/profanity';

describe('swear words are found however they are disguised', () => {
  test.each([
    ['plain Russian', ['хуй', 'пизда', 'блядь', 'сука', 'ебать', 'мудак', 'пидор', 'залупа', 'гандон', 'шлюха']],
    ['plain English', ['fuck', 'shit', 'bitch', 'cunt', 'asshole', 'motherfucker', 'bullshit', 'ass', 'whore']],
    ['inflected and prefixed', ['заебал', 'наебать', 'долбоёб', 'уёбок', 'выебон', 'пиздец', 'распиздяй', 'нахуя', 'охуенно', 'сучка', 'fucking', 'shitty']],
    ['in capitals', ['ХУЙ', 'Пиздец', 'FUCK', 'Сука']],
    ['digits and symbols for letters', ['п1зда', 'пи3да', '3аебал', 'sh1t', 'b1tch', 'a$$', '$uka', 'сук@', 'fu(k', 'п0хуй']],
    ['Latin look-alikes in Cyrillic words', ['xуй', 'сyка', 'пuзда', 'еб@ть', 'xyй']],
    ['Cyrillic look-alikes in English words', ['fuсk', 'shіt', 'аss']],
    ['repeated letters', ['хууууй', 'fuuuuck', 'пиииздец', 'ssssuka', 'сукааа']],
    ['separators between letters', ['х.у.й', 'х-у-й', 'f.u.c.k', 'f_u_c_k', 'с*у*к*а', 'п|и|з|д|а']],
    ['spaced out', ['х у й', 'f u c k', 'с у к а']],
    ['a star for a letter', ['f*ck', 'х*й', 'пи*да', 'с*ка']],
    ['hidden characters inside', ['х\u200Bуй', 'fu\u00ADck', 'су\u2060ка', 'пи\uFEFFзда']],
    ['fullwidth and styled letters', ['ｆｕｃｋ', '𝐟𝐮𝐜𝐤', '𝓈𝒽𝒾𝓉']],
    ['glued to other words or punctuation', ['привет,сука', 'youfuckingidiot', 'сука!', '(хуй)', 'ass.']],
    ['transliterated Russian', ['pizdec', 'blyat', 'suka', 'nahuy', 'ebat', 'mudak', 'huy']],
  ])('%s', (_kind, words) => {
    for (const word of words) expect([word, containsProfanity(word)]).toEqual([word, true]);
  });
});

describe('decent words and names are left alone', () => {
  test.each([
    ['Russian words that hold a root', ['команда', 'скипидар', 'застрахуйте', 'психуешь', 'себестоимость', 'колеблется', 'оскорбление', 'корабля', 'рубль', 'сукно', 'учебник', 'требование', 'убеждение', 'пробег', 'потребление', 'хлебать']],
    ['English words that hold a root', ['Scunthorpe', 'cocktail', 'class', 'assistant', 'passion', 'bass', 'Dickens', 'Hancock', 'Hitchcock', 'Fukushima', 'Yamashita', 'hyena', 'herald', 'her']],
    ['places', ['Москва', 'Санкт-Петербург', 'Ростов-на-Дону', 'Пиза', 'Муданьцзян', 'Хуанхэ', 'Ниуэ', 'Slutsk', 'Essex', 'Sussex']],
    ['names', ['Иванов Иван Иванович', 'Сукачёв Пётр', 'Ebanks', 'John Smith', 'Hui Zhang', 'Себастьян Бах']],
    ['schools', ['Школа № 57', 'Гимназия 1543', 'Лицей при МГУ', 'ГБОУ СОШ № 1535']],
    ['a censored word', ['f***', '****', 'с***']],
  ])('%s', (_kind, words) => {
    for (const word of words) expect([word, containsProfanity(word)]).toEqual([word, false]);
  });

  test('empty values are decent', () => {
    expect(containsProfanity('')).toBe(false);
    expect(containsProfanity(undefined)).toBe(false);
  });
});
