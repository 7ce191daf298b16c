import type { ProductModel, productModelBody } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client';
import { rows } from '../../db/client';
import { AppError } from '../../platform/errors';
import { contains, gramsOf, texts } from '../../platform/search';
import { and, bigints, timeOf } from '../../platform/sql';
import { checkFiles } from './integrations';
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

const toProductModel = (r: Raw): ProductModel => ({
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
  installedCount: Number(r.installed_count ?? 0),
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

export async function modelDetail(ex: Executor, v: Actor, id: number): Promise<ProductModel> {
  const { list } = await listModels(ex, v, { ids: [id] }, { pageIndex: 0, pageSize: 10 });
  if (!list[0]) throw new AppError('NOT_FOUND');
  return list[0];
}

export async function categories(ex: Executor, v: Actor): Promise<string[]> {
  const list = await rows<{ category: string }>(
    ex,
    sql`select distinct category from product_models where enterprise_id = ${v.enterpriseId} and category is not null order by category limit 500`,
  );
  return list.map((r) => r.category);
}

/** Recomputes the warranty end of every installed product of a model (its period or start rule changed). */
async function recomputeWarranty(ex: Executor, enterpriseId: number, productId: number): Promise<void> {
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

export async function saveModel(db: Db, v: Actor, b: z.infer<typeof productModelBody>): Promise<number> {
  const images = b.images ?? [];
  const documents = b.documents ?? [];
  return db.transaction(async (tx) => {
    await checkFiles(tx, v.enterpriseId, [...images, ...documents]);
    const cols = {
      name: b.name,
      brand: b.brand,
      model: b.model,
      category: b.category,
      period: b.warrantyPeriod ?? null,
      grams: gramsOf(b.name, b.brand, b.model, b.category),
    };
    if (b.id) {
      const [r] = await rows<{ id: number }>(
        tx,
        sql`update product_models set name = ${cols.name}, brand = ${cols.brand}, model = ${cols.model}, category = ${cols.category},
            warranty_period = ${cols.period}, warranty_unit = ${b.warrantyUnit}, warranty_start_type = ${b.warrantyStartType},
            images = ${bigints(images)}, documents = ${bigints(documents)}, remark = ${b.remark}, search_grams = ${texts(cols.grams)}, updated_at = now()
          where enterprise_id = ${v.enterpriseId} and id = ${b.id} returning id`,
      );
      if (!r) throw new AppError('NOT_FOUND');
      await recomputeWarranty(tx, v.enterpriseId, b.id);
      return b.id;
    }
    const [r] = await rows<{ id: number }>(
      tx,
      sql`insert into product_models (enterprise_id, name, brand, model, category, warranty_period, warranty_unit, warranty_start_type,
          images, documents, remark, search_grams)
        values (${v.enterpriseId}, ${cols.name}, ${cols.brand}, ${cols.model}, ${cols.category}, ${cols.period}, ${b.warrantyUnit},
          ${b.warrantyStartType}, ${bigints(images)}, ${bigints(documents)}, ${b.remark}, ${texts(cols.grams)}) returning id`,
    );
    return Number(r?.id);
  });
}

/** Deletes models; one with installed products or contract lines is refused and nothing is deleted. */
export async function deleteModels(db: Db, v: Actor, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    // Take the models first: products and contract lines in flight finish before we look, later ones find them gone.
    await tx.execute(sql`select id from product_models where enterprise_id = ${v.enterpriseId} and id = any(${bigints(unique)}) order by id for update`);
    const found = await rows<{ id: number; name: string; used: boolean }>(
      tx,
      sql`select m.id, m.name,
          exists (select 1 from installed_products p where p.enterprise_id = m.enterprise_id and p.product_id = m.id)
          or exists (select 1 from sale_contract_items i where i.enterprise_id = m.enterprise_id and i.product_id = m.id) as used
        from product_models m where m.enterprise_id = ${v.enterpriseId} and m.id = any(${bigints(unique)})`,
    );
    if (found.length !== unique.length) throw new AppError('NOT_FOUND');
    const used = found.find((r) => r.used);
    if (used) throw new AppError('PRODUCT_IN_USE', { name: used.name });
    await tx.execute(sql`delete from product_models where enterprise_id = ${v.enterpriseId} and id = any(${bigints(unique)})`);
  });
}
