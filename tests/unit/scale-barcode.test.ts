/** Weighing-scale EAN-13 labels: prefix, item code, price or weight, check digit (commands/lib/scale-barcode.ts). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CONFIG_DEFAULTS } from '../../commands/config';
import { checkConfigValue } from '../../commands/config-rules';
import { ean13CheckDigit, isValidEan13, readScaleBarcode, scaleCodeCandidates, scalePrefixes, SCALE_MESSAGES, type ScaleSettings } from '../../commands/lib/scale-barcode';

const ON: ScaleSettings = { scaleBarcode: true, scalePrefix: '20-29', scaleCodeLength: 5, scaleValue: 'price' };

test('check digits of published EAN-13 codes', () => {
  assert.is(ean13CheckDigit('400638133393'), 1);
  assert.is(ean13CheckDigit('590123412345'), 7);
  assert.ok(isValidEan13('4006381333931'));
  assert.not.ok(isValidEan13('4006381333932'));
  assert.not.ok(isValidEan13('400638133393'));
});

test('price labels: prefix 21, code 00042, price 01250 in whole units or with two decimals', () => {
  assert.equal(readScaleBarcode('2100042012509', ON), { kind: 'price', code: '00042', price: 1250 });
  assert.equal(readScaleBarcode('2100042012509', { ...ON, scaleValue: 'price2' }), { kind: 'price', code: '00042', price: 12.5 });
  assert.equal(readScaleBarcode('2100042999992', ON), { kind: 'price', code: '00042', price: 99999 });
});

test('weight labels: grams become kilograms', () => {
  const w = { ...ON, scaleValue: 'weight' } as const;
  assert.equal(readScaleBarcode('2100042007505', w), { kind: 'weight', code: '00042', weight: 0.75 });
  assert.equal(readScaleBarcode('2900042030004', w), { kind: 'weight', code: '00042', weight: 3 });
});

test('a single prefix and another code length', () => {
  const one = { ...ON, scalePrefix: '21' };
  assert.ok(readScaleBarcode('2100042012509', one));
  assert.is(readScaleBarcode('2200042012506', one), undefined);
  assert.equal(readScaleBarcode('2000123003504', { ...ON, scalePrefix: '20', scaleCodeLength: 4 }), { kind: 'price', code: '0012', price: 300350 });
});

test('not a scale label: setting off, another prefix, not 13 digits', () => {
  assert.is(readScaleBarcode('2100042012509', { ...ON, scaleBarcode: false }), undefined);
  assert.is(readScaleBarcode('4006381333931', ON), undefined);
  assert.is(readScaleBarcode('210004201250', ON), undefined);
  assert.is(readScaleBarcode('21000420125x9', ON), undefined);
});

test('a wrong check digit is refused with a message naming the right one', () => {
  assert.throws(() => readScaleBarcode('2100042012508', ON), (e: Error) => e.message === SCALE_MESSAGES.checkDigit('2100042012508', 9));
  assert.match(SCALE_MESSAGES.checkDigit('2100042012508', 9), 'wrong check digit');
});

test('prefix settings: one prefix or a same-length range; anything else is refused by name', () => {
  assert.equal(scalePrefixes('21'), ['21']);
  assert.equal(scalePrefixes('20-23'), ['20', '21', '22', '23']);
  assert.equal(scalePrefixes('2'), ['2']);
  for (const bad of ['', 'ab', '29-20', '2-29', '1234', '20-']) assert.is(scalePrefixes(bad), undefined, bad);
  assert.is(checkConfigValue('scalePrefix', '20-29'), undefined);
  assert.match(checkConfigValue('scalePrefix', '2x') ?? '', 'Scale barcode prefix');
  assert.is(checkConfigValue('scaleCodeLength', 5), undefined);
  assert.match(checkConfigValue('scaleCodeLength', 7) ?? '', 'Scale item code length');
  assert.match(checkConfigValue('scaleCodeLength', 4.5) ?? '', 'Scale item code length');
  assert.match(checkConfigValue('scaleValue', 'kg') ?? '', 'Scale barcodes carry');
  assert.is(CONFIG_DEFAULTS.scaleBarcode, false);
});

test('an item code may be written with or without its leading zeros', () => {
  assert.equal(scaleCodeCandidates('00042'), ['00042', '42']);
  assert.equal(scaleCodeCandidates('12345'), ['12345']);
  assert.equal(scaleCodeCandidates('00000'), ['00000', '0']);
});

test.run();
