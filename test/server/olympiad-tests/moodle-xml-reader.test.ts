import { translate } from '../../../shared/i18n/translate';
import { ImportSyntaxError } from '../../../server/modules/olympiad-tests/import/import-types';
import { readMoodleXml } from '../../../server/modules/olympiad-tests/import/moodle-xml';
import { XML_MAX_DEPTH, XML_MAX_ELEMENTS } from '../../../server/modules/olympiad-tests/import/xml-document';

/** The refusal a file gets, as the client would read it in English, with its keys for exact checks. */
function refusal(content: string) {
  try {
    readMoodleXml(content, 'Импорт');
  } catch (error) {
    if (!(error instanceof ImportSyntaxError)) throw error;
    const detail = error.detailKey ? translate('en', error.detailKey, error.detailValues) : '';
    return { key: error.messageKey, values: error.values, detailKey: error.detailKey, message: translate('en', error.messageKey, { ...error.values, detail }) };
  }
  throw new Error('the file was accepted');
}

const essay = (inner: string) => `<question type="essay"><name><text>Q</text></name><questiontext format="html"><text>${inner}</text></questiontext></question>`;
const nested = (levels: number, leaf = 'x') => `${'<a>'.repeat(levels)}${leaf}${'</a>'.repeat(levels)}`;

describe('Moodle XML reader on fast-xml-parser', () => {
  test('a malformed document is refused at the line and column of the mistake', () => {
    const lines = ['<?xml version="1.0"?>', '<quiz>', '  <question type="essay">', '    <name><text>Q</text></name>', '    <questiontext><text>T</text>', '  </question>', '</quiz>'];
    expect(refusal(lines.join('\n'))).toMatchObject({
      key: 'olympiadTests.import.xmlMalformed',
      values: { line: 6, column: 3 },
      message: 'The file is not valid Moodle XML: line 6, column 3: a tag is malformed, is never closed, or closes an element other than the open one. Nothing was imported.',
    });
    // Windows line ends count once per line.
    expect(refusal(lines.join('\r\n')).values).toEqual({ line: 6, column: 3 });
    expect(refusal('<quiz>\n\n<question type="essay>\n</question></quiz>').values.line).toBe(3);
    expect(refusal('<quiz>\n<question>\n a & b</question></quiz>')).toMatchObject({ values: { line: 3, column: 4 }, detailKey: 'olympiadTests.import.detail.xmlCharacter' });
    expect(refusal('').key).toBe('olympiadTests.import.xmlMalformed');
    expect(refusal('<quiz></quiz>\n<quiz></quiz>').values.line).toBe(2);
  });

  test(`nesting deeper than ${XML_MAX_DEPTH} levels is refused, self-closing elements included; ${XML_MAX_DEPTH} levels are read`, () => {
    // The root is level 1: quiz, question and the chain below it.
    expect(readMoodleXml(`<quiz>${essay('x')}${nested(XML_MAX_DEPTH - 1)}</quiz>`, 'c').questions).toHaveLength(1);
    const tooDeep = { key: 'olympiadTests.import.xmlRefused', detailKey: 'olympiadTests.import.detail.tooDeep', message: 'The file cannot be imported: elements are nested deeper than 64 levels. Nothing was imported.' };
    expect(refusal(`<quiz>${nested(XML_MAX_DEPTH)}</quiz>`)).toMatchObject(tooDeep);
    expect(refusal(`<quiz>${nested(XML_MAX_DEPTH - 1, '<b/>')}</quiz>`)).toMatchObject(tooDeep);
    expect(refusal(`<quiz>${nested(100_000)}</quiz>`)).toMatchObject(tooDeep);
  });

  test(`more than ${XML_MAX_ELEMENTS} elements are refused`, () => {
    expect(refusal(`<quiz>${'<a/>'.repeat(XML_MAX_ELEMENTS)}</quiz>`).detailKey).toBe('olympiadTests.import.detail.tooManyElements');
  });

  test('a DOCTYPE is refused wherever it stands; entities are never expanded, and only the predefined ones are known', () => {
    const doctype = 'olympiadTests.import.detail.doctype';
    expect(refusal('<!DOCTYPE quiz>\n<quiz/>').detailKey).toBe(doctype);
    expect(refusal('<?xml version="1.0"?><!DOCTYPE quiz [<!ENTITY x "y">]><quiz>&x;</quiz>').detailKey).toBe(doctype);
    expect(refusal('<quiz><a><!DOCTYPE quiz [<!ENTITY x "y">]></a></quiz>').detailKey).toBe(doctype);
    // An external entity is never fetched: the DOCTYPE naming it is refused (or not readable at all).
    expect(refusal('<!DOCTYPE quiz [<!ENTITY x SYSTEM "file:///etc/passwd">]><quiz>&x;</quiz>').key).toBe('olympiadTests.import.xmlRefused');
    expect(refusal('<quiz>\n<question type="essay">&xxe;</question></quiz>')).toMatchObject({ values: { line: 2 }, detailKey: 'olympiadTests.import.detail.unknownEntity' });
    expect(refusal('<quiz><question type="essay" x="a &amp b"/></quiz>').detailKey).toBe('olympiadTests.import.detail.ampersand');
    expect(refusal('<quiz><question type="essay">&#0;</question></quiz>').message).toMatch(/&#0;/);
  });

  test('a billion-laughs document is refused at once, without expanding anything', () => {
    const levels = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('\n');
    const bomb = `<?xml version="1.0"?>\n<!DOCTYPE lolz [\n<!ENTITY lol0 "lol">\n${levels}\n]>\n<quiz><question type="essay"><name><text>&lol9;</text></name></question></quiz>`;
    const started = performance.now();
    expect(refusal(bomb).detailKey).toBe('olympiadTests.import.detail.doctype');
    expect(performance.now() - started).toBeLessThan(500);
  });

  test('CDATA and HTML in question texts are read as before; references decode; questions keep their lines', () => {
    const content = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<!-- exported by Moodle -->',
      '<quiz>',
      '  <question type="essay">',
      '    <name><text>CDATA</text></name>',
      '    <questiontext format="html"><text><![CDATA[<p>Сколько будет <b>2 &lt; 3</b>?</p><p>Ответ&nbsp;дайте<br/>словами</p>]]></text></questiontext>',
      '  </question>',
      '  <question type="essay">',
      '    <name><text>Escaped &amp; &#1071;</text></name>',
      '    <questiontext format="html"><text>&lt;p&gt;Первый&lt;/p&gt;&lt;ul&gt;&lt;li&gt;пункт&lt;/li&gt;&lt;/ul&gt;</text></questiontext>',
      '  </question>',
      '  <question type="essay">',
      '    <name><text>Plain</text></name>',
      '    <questiontext format="plain_text"><text><![CDATA[  <b> stays ]]> and &quot;this&quot;  </text></questiontext>',
      '  </question>',
      '</quiz>',
    ].join('\n');
    const bank = readMoodleXml(content, 'Импорт');
    expect(bank.questions.map((q) => [q.name, q.text, q.source])).toEqual([
      ['CDATA', 'Сколько будет 2 < 3?\nОтвет дайте\nсловами', 'question 1 (line 4)'],
      ['Escaped & Я', 'Первый\n• пункт', 'question 2 (line 8)'],
      ['Plain', '<b> stays  and "this"', 'question 3 (line 12)'],
    ]);
  });
});
