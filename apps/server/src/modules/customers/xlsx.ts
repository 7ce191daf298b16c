import { BAD_TEXT_MESSAGE, hasBadText } from '@sk/shared';
import ExcelJS from 'exceljs';
import { AppError } from '../../platform/errors';

export interface Column {
  key: string;
  header: string;
  required?: boolean;
  example: string;
  width?: number;
}

/** A data row: its Excel row number and the cell texts by column key. */
export interface SheetRow {
  row: number;
  values: Record<string, string>;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell as text: dates as YYYY-MM-DD, rich text and formulas by their shown value. */
function cellText(v: ExcelJS.CellValue): string {
  if (v == null) return '';
  if (v instanceof Date) return `${v.getUTCFullYear()}-${pad(v.getUTCMonth() + 1)}-${pad(v.getUTCDate())}`;
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('text' in v) return String(v.text);
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    return '';
  }
  return String(v);
}

/** Reads the first sheet; the header row names the columns (a trailing '*' is ignored). */
export async function readSheet(buffer: Buffer, columns: Column[], maxRows: number): Promise<SheetRow[]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw new AppError('IMPORT_FILE');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new AppError('IMPORT_FILE');
  const byHeader = new Map(columns.map((c) => [c.header, c.key]));
  const keys = new Map<number, string>();
  ws.getRow(1).eachCell((cell, col) => {
    const key = byHeader.get(cellText(cell.value).trim().replace(/\*$/, ''));
    if (key) keys.set(col, key);
  });
  const missing = columns.filter((c) => c.required && ![...keys.values()].includes(c.key));
  if (missing.length) throw new AppError('VALIDATION', { detail: `导入文件缺少列：${missing.map((c) => c.header).join('、')}` });
  const out: SheetRow[] = [];
  ws.eachRow((row, n) => {
    if (n === 1) return;
    const values: Record<string, string> = {};
    for (const [col, key] of keys) {
      values[key] = cellText(row.getCell(col).value).trim();
      // The file bypasses the contract layer, so its text gets the same check here.
      if (hasBadText(values[key])) {
        const header = columns.find((c) => c.key === key)?.header ?? key;
        throw new AppError('VALIDATION', { detail: `第${n}行“${header}”：${BAD_TEXT_MESSAGE}` });
      }
    }
    if (Object.values(values).some(Boolean)) out.push({ row: n, values });
  });
  if (out.length > maxRows) throw new AppError('IMPORT_TOO_MANY', { max: maxRows });
  return out;
}

/** The template: a header row (required columns marked *), one example row, and a note sheet. */
export async function templateBook(title: string, columns: Column[], notes: string[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(title);
  ws.columns = columns.map((c) => ({ header: c.required ? `${c.header}*` : c.header, key: c.key, width: c.width ?? 16 }));
  ws.addRow(Object.fromEntries(columns.map((c) => [c.key, c.example])));
  ws.getRow(1).font = { bold: true };
  const help = wb.addWorksheet('填写说明');
  help.getColumn(1).width = 90;
  for (const n of notes) help.addRow([n]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
