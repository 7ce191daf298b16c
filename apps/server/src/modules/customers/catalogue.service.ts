import type { ProductModel, productModelBody } from '@sk/shared';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { gramsOf } from '../../platform/search';
import { checkFiles } from './integrations';
import type { Actor } from '../../platform/actor';
import * as repo from './catalogue.repo';
import { listModels, type ModelFilters } from './catalogue.repo';

export { listModels, type ModelFilters };

export async function modelDetail(ex: Executor, v: Actor, id: number): Promise<ProductModel> {
  const { list } = await listModels(ex, v, { ids: [id] }, { pageIndex: 0, pageSize: 10 });
  if (!list[0]) throw new AppError('NOT_FOUND');
  return list[0];
}

export async function categories(ex: Executor, v: Actor): Promise<string[]> {
  return repo.categoryRows(ex, v.enterpriseId);
}

export async function saveModel(db: Db, v: Actor, b: z.infer<typeof productModelBody>): Promise<number> {
  const images = b.images ?? [];
  const documents = b.documents ?? [];
  return db.transaction(async (tx) => {
    await checkFiles(tx, v.enterpriseId, [...images, ...documents]);
    const cols: repo.ModelValues = {
      name: b.name,
      brand: b.brand,
      model: b.model,
      category: b.category,
      period: b.warrantyPeriod ?? null,
      unit: b.warrantyUnit,
      startType: b.warrantyStartType,
      images,
      documents,
      remark: b.remark,
      grams: gramsOf(b.name, b.brand, b.model, b.category),
    };
    if (b.id) {
      if (!(await repo.updateModel(tx, v.enterpriseId, b.id, cols))) throw new AppError('NOT_FOUND');
      await repo.recomputeWarranty(tx, v.enterpriseId, b.id);
      return b.id;
    }
    return repo.insertModel(tx, v.enterpriseId, cols);
  });
}

/** Deletes models; one with installed products or contract lines is refused and nothing is deleted. */
export async function deleteModels(db: Db, v: Actor, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    // Take the models first: products and contract lines in flight finish before we look, later ones find them gone.
    const found = await repo.lockModelsWithUse(tx, v.enterpriseId, unique);
    if (found.length !== unique.length) throw new AppError('NOT_FOUND');
    const used = found.find((r) => r.used);
    if (used) throw new AppError('PRODUCT_IN_USE', { name: used.name });
    await repo.deleteModelRows(tx, v.enterpriseId, unique);
  });
}
