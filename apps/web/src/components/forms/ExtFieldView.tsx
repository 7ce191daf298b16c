import type { ExtField, LinkKind } from '@sk/shared/forms/index';
import { Descriptions, Rate, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Img } from '../../lib/Img';
import { FileLink } from '../FileLink';
import { ImagePreview } from '../ImagePreview';
import { personDetailPath } from '../PersonLink';
import './forms.css';

/** Detail pages of linked records (the spec's routes); kinds without a page show their label only. */
const LINK_ROUTES: Partial<Record<LinkKind, (id: string) => string>> = {
  order: (id) => `/allOrder/orderDetail/${id}`,
  customer: (id) => `/allOrder/customerDetail/${id}`,
  event: (id) => `/Myevent/eventDetail/${id}`,
  project: (id) => `/allproject/projectdetails/${id}`,
  user: (id) => personDetailPath(id),
  sparePart: (id) => `/spareList/detail/${id}`,
};

export const EMPTY_VALUE = '-';

const attrOf = (f: ExtField, type: string): string | undefined => f.fieldAttributeList.find((a) => a.type === type)?.value;
const attrsOf = (f: ExtField, type: string): string[] => f.fieldAttributeList.filter((a) => a.type === type).map((a) => a.value);
const commaList = (s: string): string[] =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

function Pictures({ urls, name }: { urls: string[]; name: string }) {
  const [open, setOpen] = useState<string | null>(null);
  if (urls.length === 0) return <>{EMPTY_VALUE}</>;
  return (
    <span className="sk-ext-pics">
      {urls.map((u, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a static list in which the same picture may appear twice
        <button key={i} type="button" onClick={() => setOpen(u)} style={{ border: 0, padding: 0, background: 'none', cursor: 'zoom-in' }} title={name}>
          <Img src={u} alt={`${name}${i + 1}`} width={56} height={56} style={{ objectFit: 'cover', borderRadius: 4 }} />
        </button>
      ))}
      <ImagePreview open={open !== null} src={open ?? ''} title={name} onClose={() => setOpen(null)} />
    </span>
  );
}

function RecordLink({ f }: { f: ExtField }) {
  const id = typeof f.ovalue === 'number' || typeof f.ovalue === 'string' ? String(f.ovalue) : '';
  const label = attrOf(f, 'linkName') || f.tfvvalue || id;
  if (!id) return <>{EMPTY_VALUE}</>;
  const to = LINK_ROUTES[attrOf(f, 'linkKind') as LinkKind]?.(id);
  return to ? <Link to={to}>{label}</Link> : <span>{label}</span>;
}

function Hyperlink({ f }: { f: ExtField }) {
  const url = f.tfvvalue;
  if (!url) return <>{EMPTY_VALUE}</>;
  const text = attrOf(f, 'text') || url;
  return (
    <span>
      <a href={url} target="_blank" rel="noreferrer">
        {text}
      </a>
      {text !== url ? <Typography.Text type="secondary"> （{url}）</Typography.Text> : null}
    </span>
  );
}

function Files({ f }: { f: ExtField }) {
  const urls = commaList(f.tfvvalue);
  const names = attrsOf(f, 'file');
  if (urls.length === 0) return <>{EMPTY_VALUE}</>;
  return (
    <span className="sk-ext-pics">
      {urls.map((u, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a static list; names pair with urls by position
        <FileLink key={i} url={u} name={names[i]} />
      ))}
    </span>
  );
}

/**
 * One custom value by its display code: text-like types as text; 7 and 16 yes/no ('1' is yes);
 * 10 and 26 pictures from a comma list; 11 the first comma value; 14 a note; 15 files; 17 a hyperlink (address
 * and text); 19 formula; 20 plain value; 21 the signature image; 22 stars; 30 a link to the related record.
 */
export function ExtFieldValue({ field: f }: { field: ExtField }): ReactNode {
  const v = f.tfvvalue ?? '';
  switch (f.type) {
    case 7:
    case 16:
      return v === '1' ? '是' : '否';
    case 10:
    case 26:
      return <Pictures urls={commaList(f.realPic || v)} name={f.tfname} />;
    case 21: {
      const src = f.realPic || v;
      return src ? <Pictures urls={[src]} name={f.tfname} /> : EMPTY_VALUE;
    }
    case 11:
      return v ? (v.split(',')[0] ?? '') || EMPTY_VALUE : EMPTY_VALUE;
    case 14:
      return <Typography.Text type="secondary">{v}</Typography.Text>;
    case 15:
      return <Files f={f} />;
    case 17:
      return <Hyperlink f={f} />;
    case 22: {
      const stars = Number(attrOf(f, 'stars')) || 5;
      return v ? <Rate disabled count={stars} value={Number(v) || 0} aria-label={`${f.tfname}${v}星`} /> : EMPTY_VALUE;
    }
    case 30:
      return <RecordLink f={f} />;
    default:
      // 1–6, 8, 9, 12, 13, 18, 19, 20, 23–25 and anything newer: the text.
      return v === '' ? EMPTY_VALUE : v;
  }
}

export interface ExtFieldViewProps {
  fields: ExtField[];
  column?: number;
  title?: ReactNode;
  bordered?: boolean;
}

/** A record's custom values (the server's ExtField list) as label and value pairs. */
export function ExtFieldView({ fields, column = 2, title, bordered = false }: ExtFieldViewProps) {
  if (fields.length === 0) return null;
  return (
    <Descriptions
      className="sk-ext-view"
      data-testid="ext-field-view"
      title={title}
      bordered={bordered}
      size="small"
      column={{ xs: 1, sm: 1, md: column, lg: column }}
      items={fields.map((f) => ({ key: String(f.id), label: f.tfname, children: <ExtFieldValue field={f} />, span: f.type === 14 ? 'filled' : undefined }))}
    />
  );
}
