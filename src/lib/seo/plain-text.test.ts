import { describe, expect, test } from 'vitest';
import { clip, courseSummary, describeText, firstSentence, listOf, plainText, textBlocks } from './plain-text';

describe('plainText', () => {
  test('Markdown and raw HTML read as their words, entities decoded, blocks separated', () => {
    expect(plainText('## Who it is for\n\nManagers &amp; **team leads**.\n\n- one\n- two')).toBe(
      'Who it is for Managers & team leads. one two',
    );
    expect(plainText('<p>First</p><p>Second<br>line</p>')).toBe('First Second line');
  });

  test('scripts and styles are not text', () => {
    expect(plainText('Hello <script>alert(1)</script><style>p{}</style>world')).toBe('Hello world');
  });

  test('empty stays empty', () => {
    expect(plainText('  ')).toBe('');
  });
});

describe('firstSentence', () => {
  test('stops after the first sentence, not inside numbers or abbreviations before lower case', () => {
    expect(firstSentence('Learn PMP v7.1 basics. Then practise.')).toBe('Learn PMP v7.1 basics.');
    expect(firstSentence('No stop at all')).toBe('No stop at all');
  });
});

describe('courseSummary', () => {
  test("the course's own first sentence, after a line of labelled facts", () => {
    const source = [
      '**Course code:** ML-101 · **Category:** Management · <em>5 days</em>',
      '**Leading Teams** helps participants build trust. Short expert briefings alternate with case studies.',
      '### Who should attend',
      '- Managers',
    ].join('\n\n');
    expect(courseSummary(source)).toBe('Leading Teams helps participants build trust.');
  });

  test('single labelled facts are skipped, prose that starts with a label is not', () => {
    expect(courseSummary('Duration: 5 days\n\nIn this course you plan projects. More.')).toBe(
      'In this course you plan projects.',
    );
    expect(courseSummary('Note: this course is taught in Arabic and English.')).toBe(
      'Note: this course is taught in Arabic and English.',
    );
  });

  test('headings, tables and list items are not summaries; no prose gives ""', () => {
    expect(courseSummary('## About the course\n\n| A | B |\n| - | - |\n| one two three | x |')).toBe('');
    expect(courseSummary('**Code:** X-1 · **Category:** Y')).toBe('');
    expect(courseSummary('')).toBe('');
    expect(courseSummary('<div>Raw HTML text without paragraphs. Second.</div>')).toBe(
      'Raw HTML text without paragraphs.',
    );
  });
});

describe('clip', () => {
  test('short text is kept', () => {
    expect(clip('A short line.', 160)).toBe('A short line.');
  });

  test('long text is cut at a word with an ellipsis, within the bound', () => {
    const long = 'word '.repeat(60);
    const clipped = clip(long, 50);
    expect([...clipped].length).toBeLessThanOrEqual(50);
    expect(clipped.endsWith('word…')).toBe(true);
  });

  test('counts characters, not UTF-16 units', () => {
    expect(clip('دورة '.repeat(40), 20).length).toBeLessThanOrEqual(20);
  });
});

describe('describeText', () => {
  test('the first sentence when it says enough, else more text, else the fallback', () => {
    const long = 'Our consultants help organisations across the Gulf plan, measure and improve their training.';
    expect(describeText(`**${long}** Second sentence here.`, 'x')).toBe(long);
    const rest = 'Short one. And the rest of it, long enough to say what the page is about.';
    expect(describeText(rest, 'x')).toBe(rest);
    expect(describeText('', 'fallback')).toBe('fallback');
    expect(describeText(undefined, 'fallback')).toBe('fallback');
  });

  test('very short admin text follows a line that says what the page is', () => {
    const about = 'Corporate training from Gulf Training Partners in Manama, Kingdom of Bahrain.';
    expect(describeText('Intro *emphasis* marker body.', about)).toBe(`${about} Intro emphasis marker body.`);
    expect(describeText('<p>Welcome!</p>', about)).toBe(`${about} Welcome!`);
  });
});

describe('listOf', () => {
  test('joins a few names and counts the rest', () => {
    expect(listOf(['A'])).toBe('A');
    expect(listOf(['A', 'B'])).toBe('A and B');
    expect(listOf(['A', 'B', 'C', 'D', 'E'])).toBe('A, B, C and 2 more');
  });
});

describe('textBlocks', () => {
  test('headings, paragraphs, list items and tables, in reading order, as plain text', () => {
    const source = [
      'Plan **well**.',
      '',
      '### Who should attend',
      '',
      '- Project managers',
      '- Team leaders',
      '',
      '<table><tr><th>Day</th><th>Focus</th></tr><tr><td>1</td><td>Foundations &amp; diagnostic</td></tr></table>',
      '',
      '<script>alert(1)</script>',
    ].join('\n');
    expect(textBlocks(source)).toEqual([
      { kind: 'paragraph', text: 'Plan well.' },
      { kind: 'heading', text: 'Who should attend' },
      { kind: 'item', text: 'Project managers' },
      { kind: 'item', text: 'Team leaders' },
      {
        kind: 'table',
        rows: [
          ['Day', 'Focus'],
          ['1', 'Foundations & diagnostic'],
        ],
      },
    ]);
    expect(textBlocks('  ')).toEqual([]);
  });
});
