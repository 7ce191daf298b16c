import { describe, expect, it } from 'vitest';
import { field } from '../../../components/forms/testFields';
import { cascadeToText, checkDraft, formulaToIds, formulaToNames, fromDef, move, newField, textToCascade, toSaved } from './draft';

const refs = [
  { key: 'spareAmount', name: '备件费' },
  { key: '12', name: '数量' },
  { key: '13', name: '单价' },
];

describe('formulas by name', () => {
  it('shows ids as names and stores names as ids, leaving unknown references alone', () => {
    expect(formulaToNames('({12} + {spareAmount}) * {13} / {99}', refs)).toBe('({数量} + {备件费}) * {单价} / {99}');
    expect(formulaToIds('({数量} + { 备件费 }) * {单价} / {未知}', refs)).toBe('({12} + {spareAmount}) * {13} / {未知}');
  });

  it('round-trips a saved field', () => {
    const d = fromDef(field(14, '金额', 19, { formula: '{12} * {13}' }), refs);
    expect(d.formulaText).toBe('{数量} * {单价}');
    expect(toSaved(d, refs).formula).toBe('{12} * {13}');
  });
});

describe('checkDraft', () => {
  const saved = [fromDef(field(12, '数量', 2), refs), fromDef(field(13, '单价', 2), refs)];

  it('accepts a valid form', () => {
    const total = { ...newField(19, saved, 1), name: '金额', formulaText: '{数量} * {单价}' };
    expect(checkDraft([...saved, total], [], 1)).toBeNull();
  });

  it('names the field and the property of a field that breaks its own rules', () => {
    const radio = { ...newField(3, saved, 1), name: '类型', options: [] };
    expect(checkDraft([...saved, radio], [], 1)).toEqual({ uid: radio.uid, message: '类型：请至少添加一个选项' });
    const formula = { ...newField(19, saved, 1), name: '金额', formulaText: '{数量} # 2' };
    expect(checkDraft([...saved, formula], [], 1)?.message).toBe('金额的公式：第6个字符“#”无法识别');
    const empty = { ...newField(1, saved, 1), name: ' ' };
    expect(checkDraft([empty], [], 1)?.message).toBe('未命名字段：请输入字段名称');
  });

  it('refuses duplicate names and formulas that use a missing field', () => {
    const dup = { ...newField(1, saved, 1), name: '数量' };
    expect(checkDraft([...saved, dup], [], 1)?.message).toBe('字段“数量”：字段名称已存在');
    const bad = { ...newField(19, saved, 1), name: '金额', formulaText: '{数量} * {折扣}' };
    expect(checkDraft([...saved, bad], [], 1)).toEqual({ uid: bad.uid, message: '字段“金额”：公式引用的字段“折扣”不存在或不是数字' });
  });
});

describe('helpers', () => {
  it('names new fields after their type, uniquely', () => {
    const a = newField(2, [], 1);
    expect(a.name).toBe('数字');
    expect(a.group).toBe('other');
    expect(newField(2, [a], 1).name).toBe('数字2');
    expect(newField(3, [], 2)).toMatchObject({ options: ['选项1', '选项2'], group: null });
  });

  it('moves items for drag and drop', () => {
    expect(move(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(move(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(move(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });

  it('edits cascade options as one path per line', () => {
    const tree = textToCascade('动力系统/发动机\n动力系统/变速箱\n 电气系统 \n\n');
    expect(tree).toEqual([{ label: '动力系统', children: [{ label: '发动机' }, { label: '变速箱' }] }, { label: '电气系统' }]);
    expect(cascadeToText(tree)).toBe('动力系统/发动机\n动力系统/变速箱\n电气系统');
  });
});
