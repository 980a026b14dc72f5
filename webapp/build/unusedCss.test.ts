import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { classWords, dropUnusedRules, requiredClasses } from './unusedCss.mjs';

const used = classWords(['className="btn btn-primary d-flex"', 'const c = `text-${tone}`;']);

describe('the build drops the style rules no class of the app can match', () => {
  test('a class counts as used when written whole, or by a prefix a template completes', () => {
    expect(used('btn')).toBe(true);
    expect(used('btn-primary')).toBe(true);
    expect(used('text-danger')).toBe(true);
    expect(used('btn-secondary')).toBe(false);
    expect(used('card')).toBe(false);
  });

  test('a selector needs the classes outside negations and attribute values', () => {
    expect(requiredClasses('.btn:not(.disabled):hover')).toEqual(['btn']);
    expect(requiredClasses('.card>.list-group:first-child')).toEqual(['card', 'list-group']);
    expect(requiredClasses('a[href$=".pdf"]')).toEqual([]);
    expect(requiredClasses(':where(.a, .b) p')).toEqual([]);
    expect(requiredClasses('.g-col-md-1\\.5')).toEqual(['g-col-md-1.5']);
  });

  test('rules, selector lists and media blocks keep only what may match', () => {
    const css =
      ':root{--x:1}.btn{a:1}.card{b:2}.btn,.card{c:3}@media (min-width:768px){.card{d:4}.d-flex{e:5}}' +
      '@media print{.card{f:6}}@keyframes spin{to{transform:rotate(1turn)}}' +
      '.x::after{content:"}{.card"}/* .card{ */.btn-primary:not(.card){g:7}';
    expect(dropUnusedRules(css, used)).toBe(
      ':root{--x:1}.btn{a:1}.btn{c:3}@media (min-width:768px){.d-flex{e:5}}' +
        '@keyframes spin{to{transform:rotate(1turn)}}.btn-primary:not(.card){g:7}',
    );
  });

  test("Bootstrap's sheet parses whole: with every class used, nothing is lost", () => {
    const sheet = readFileSync('node_modules/bootstrap/dist/css/bootstrap.min.css', 'utf8').replace(
      /\/\*[\s\S]*?\*\//g,
      '',
    );
    const everything = () => true;
    expect(dropUnusedRules(sheet, everything).replace(/\s/g, '')).toBe(sheet.replace(/\s/g, ''));
  });
});
