// The product catalogue's statements: typed rows, one presenter (toProductModel). The service holds the rules.
import type { ProductModel } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { contains, texts } from '../../platform/search';
import { and, bigints, timeOf } from '../../platform/sql';
import { countOf } from '../../platform/list';
import { listPageRows } from '../../platform/list.snapshot';
import type { Actor } from '../../platform/actor';

interface Raw {
  id: number;
  name: string;
  brand: string | null;
  model: string | null;
  category: string | null;
  warranty_period: number | null;
  warranty_unit: number;
  warranty_start_type: number;
  images: number[] | string;
  documents: number[] | string;
  remark: string | null;
  installed_count: number;
  create_time: string;
}

// bigint[] may arrive as an array or as '{1,2}' text, depending on the type parser.
const idArray = (v: number[] | string | null): number[] =>
  Array.isArray(v) ? v.map(Number) : v && v !== '{}' ? v.replace(/[{}]/g, '').split(',').map(Number) : [];

/** A product model as the contract shows it. */
export const toProductModel = (r: Raw): ProductModel => ({
  id: r.id,
  name: r.name,
  brand: r.brand,
  model: r.model,
  category: r.category,
  warrantyPeriod: r.warranty_period,
  warrantyUnit: r.warranty_unit,
  warrantyStartType: r.warranty_start_type,
  images: idArray(r.images),
  documents: idArray(r.documents),
  remark: r.remark,
  installedCount: r.installed_count ?? 0,
  create_time: r.create_time,
});

export interface ModelFilters {
  keyword?: string;
  category?: string;
  ids?: number[];
}

function conds(v: Actor, f: ModelFilters): SQL[] {
  const c: SQL[] = [sql`m.enterprise_id = ${v.enterpriseId}`];
  if (f.keyword) c.push(contains(sql`m.search_grams`, sql`concat_ws(' ', m.name, m.brand, m.model, m.category)`, f.keyword));
  if (f.category) c.push(sql`m.category = ${f.category}`);
  if (f.ids?.length) c.push(sql`m.id = any(${bigints(f.ids)})`);
  return c;
}

export async function listModels(
  ex: Executor,
  v: Actor,
  f: ModelFilters,
  page: { pageIndex: number; pageSize: number },
): Promise<{ list: ProductModel[]; count: number }> {
  const list = await rows<Raw>(
    ex,
    sql`select m.*, ${timeOf(sql`m.created_at`, v)} as create_time,
        (select count(*) from installed_products p where p.enterprise_id = m.enterprise_id and p.product_id = m.id)::int as installed_count
      from (${await listPageRows(ex, Boolean(f.keyword), 'product_models', 'm', v.enterpriseId, and(conds(v, f)), sql`m.created_at desc, m.id desc`, page)}) m
      order by m.created_at desc, m.id desc`,
  );
  return { list: list.map(toProductModel), count: await countOf(ex, sql`product_models m`, and(conds(v, f))) };
}

export async function categoryRows(ex: Executor, ep: number): Promise<string[]> {
  const list = await rows<{ category: string }>(
    ex,
    sql`select distinct category from product_models where enterprise_id = ${ep} and category is not null order by category limit 500`,
  );
  return list.map((r) => r.category);
}

/** Recomputes the warranty end of every installed product of a model (its period or start rule changed). */
export async function recomputeWarranty(ex: Executor, enterpriseId: number, productId: number): Promise<void> {
  await ex.execute(sql`update installed_products p set warranty_end = (
      select case when m.warranty_period is null or m.warranty_period <= 0 then null else
        ((case m.warranty_start_type when 2 then p.purchase_date when 3 then p.install_date end)
          + make_interval(days => case m.warranty_unit when 1 then m.warranty_period else 0 end,
                          months => case m.warranty_unit when 2 then m.warranty_period else 0 end,
                          years => case m.warranty_unit when 3 then m.warranty_period else 0 end)
          - interval '1 day')::date end
      from product_models m where m.enterprise_id = p.enterprise_id and m.id = p.product_id)
    where p.enterprise_id = ${enterpriseId} and p.product_id = ${productId}`);
}

export interface ModelValues {
  name: string;
  brand: string | null | undefined;
  model: string | null | undefined;
  category: string | null | undefined;
  period: number | null;
  unit: number;
  startType: number;
  images: number[];
  documents: number[];
  remark: string | null | undefined;
  grams: string[];
}

export async function updateModel(ex: Executor, ep: number, id: number, c: ModelValues): Promise<boolean> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`update product_models set name = ${c.name}, brand = ${c.brand}, model = ${c.model}, category = ${c.category},
            warranty_period = ${c.period}, warranty_unit = ${c.unit}, warranty_start_type = ${c.startType},
            images = ${bigints(c.images)}, documents = ${bigints(c.documents)}, remark = ${c.remark}, search_grams = ${texts(c.grams)}, updated_at = now()
          where enterprise_id = ${ep} and id = ${id} returning id`,
  );
  return !!r;
}

export async function insertModel(ex: Executor, ep: number, c: ModelValues): Promise<number> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into product_models (enterprise_id, name, brand, model, category, warranty_period, warranty_unit, warranty_start_type,
          images, documents, remark, search_grams)
        values (${ep}, ${c.name}, ${c.brand}, ${c.model}, ${c.category}, ${c.period}, ${c.unit},
          ${c.startType}, ${bigints(c.images)}, ${bigints(c.documents)}, ${c.remark}, ${texts(c.grams)}) returning id`,
  );
  return (r as { id: number }).id;
}

/** Locks the models in id order, then reads each with whether an installed product or a contract line names it. */
export async function lockModelsWithUse(ex: Executor, ep: number, ids: number[]) {
  await ex.execute(sql`select id from product_models where enterprise_id = ${ep} and id = any(${bigints(ids)}) order by id for update`);
  return rows<{ id: number; name: string; used: boolean }>(
    ex,
    sql`select m.id, m.name,
          exists (select 1 from installed_products p where p.enterprise_id = m.enterprise_id and p.product_id = m.id)
          or exists (select 1 from sale_contract_items i where i.enterprise_id = m.enterprise_id and i.product_id = m.id) as used
        from product_models m where m.enterprise_id = ${ep} and m.id = any(${bigints(ids)})`,
  );
}

export const deleteModelRows = (ex: Executor, ep: number, ids: number[]) =>
  ex.execute(sql`delete from product_models where enterprise_id = ${ep} and id = any(${bigints(ids)})`);
