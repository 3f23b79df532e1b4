import type { Static } from 'typebox';
import type { AppContext } from '../../../context';
import { onUniqueViolation, type PagedList, type Queryable } from '../../../db';
import { aliasesToStore } from '../../../lib/aliases';
import { slugify } from '../../../lib/arabic';
import { conflict, duplicateValue, notFound } from '../../../lib/errors';
import { removeImage, storeImage } from '../../../lib/images';
import { buildListQuery, listResponse, type ListQuery } from '../../../lib/listQuery';
import { recordAudit, type AuditActor } from '../../audit';
import { withProductCounts } from '../products/productCounts';
import { categoryHasProducts } from '../products/repository';
import type { ImageKind } from '../../../storage';
import {
  NAMED_IMAGE_LIST,
  categoryRepository,
  isStillReferenced,
  type NamedImageRepository,
  type NamedImageRow,
} from './repository';
import type { CountedListQuery, NamedImageForm } from './schemas';

/** A list page of categories or brands as read: its query, its rows and how many match. */
export type NamedImagePage = PagedList<NamedImageRow> & { q: ListQuery };

/** What a category or a brand needs besides the shared operations (API.md §5.3, §5.5). */
export interface NamedImageKind {
  table: 'categories' | 'brands';
  repository: NamedImageRepository;
  kind: ImageKind;
  /** Runs inside the delete transaction after the row is locked; throws to refuse. */
  beforeDelete?: (tx: Queryable, id: string) => Promise<void>;
  /** Maps a database error raised by the delete (e.g. a foreign key) to an answer; rethrows otherwise. */
  deleteError?: (err: unknown) => never;
}

const STILL_USED = 'Category still has products';

/** Categories: subcategories go with a category (foreign key cascade); products must be moved or deleted first. */
export const CATEGORIES: NamedImageKind = {
  table: 'categories',
  repository: categoryRepository,
  kind: 'categories',
  beforeDelete: async (tx, id) => {
    if (await categoryHasProducts(tx, id)) throw conflict(STILL_USED);
  },
  // A product created concurrently is caught by the foreign key (ON DELETE RESTRICT).
  deleteError: (err) => {
    if (isStillReferenced(err)) throw conflict(STILL_USED);
    throw err;
  },
};

/**
 * Create, change and delete a category or a brand with its image: an uploaded file is stored before the write and
 * removed again if the write fails; a replaced or deleted image goes only once the change is committed.
 */
export function namedImageService(
  ctx: AppContext,
  { table, repository, kind, beforeDelete, deleteError }: NamedImageKind,
) {
  /** Stores the uploaded file, if any; answers the image to write and the file to remove if the write fails. */
  const imageOf = async (form: NamedImageForm, file: Buffer | undefined) => {
    if (!file) return { image: form.image, uploaded: undefined };
    const stored = await storeImage(ctx.storage, kind, file);
    return { image: stored, uploaded: stored };
  };

  /** The audit log's kind of target, and what it keeps of a row. */
  const type = table === 'categories' ? ('category' as const) : ('brand' as const);
  const audited = (row: NamedImageRow) => ({ name: row.name, image: row.image, aliases: row.aliases });
  const record = (
    tx: Queryable,
    actor: AuditActor,
    verb: 'create' | 'update' | 'delete',
    id: string,
    before?: NamedImageRow,
    after?: NamedImageRow,
  ) =>
    recordAudit(tx, actor, {
      action: `${type}.${verb}`,
      target: { type, id },
      before: before && audited(before),
      after: after && audited(after),
    }).then(() => undefined);

  /** Runs a write; a duplicate name becomes API.md's 400 and a freshly stored file is removed again. */
  async function write<T>(name: string | undefined, uploaded: string | undefined, fn: () => Promise<T>) {
    try {
      return await onUniqueViolation(fn, () => duplicateValue(name ?? ''));
    } catch (err) {
      await removeImage(ctx.storage, kind, uploaded);
      throw err;
    }
  }

  return {
    /** The rows of a list page (API.md §2) and how many match. */
    async page(query: Static<typeof CountedListQuery>): Promise<NamedImagePage> {
      const q = buildListQuery(query, NAMED_IMAGE_LIST);
      return { q, ...(await repository.list(ctx.db, q)) };
    },

    /** A list page, each row as `toJson` answers it, with its product count when asked (`withCounts`). */
    async list<J extends { _id?: unknown }>(
      { q, rows, total }: NamedImagePage,
      query: Static<typeof CountedListQuery>,
      toJson: (row: NamedImageRow) => J,
    ) {
      const objects = rows.map(toJson);
      return listResponse(query.withCounts ? await withProductCounts(ctx.db, table, objects) : objects, total, q);
    },

    /** One row; 404 when there is none. */
    async find(id: string): Promise<NamedImageRow> {
      const row = await repository.find(ctx.db, id);
      if (!row) throw notFound(`No document for this id ${id}`);
      return row;
    },

    async create(actor: AuditActor, form: NamedImageForm & { name: string }, file?: Buffer): Promise<NamedImageRow> {
      const { name } = form;
      const { image, uploaded } = await imageOf(form, file);
      return write(name, uploaded, () =>
        ctx.db.tx(async (tx) => {
          const row = await repository.insert(tx, {
            name,
            slug: slugify(name),
            image: image ?? null,
            aliases: aliasesToStore(form.aliases),
          });
          await record(tx, actor, 'create', row.id, undefined, row);
          return row;
        }),
      );
    },

    /** Changes the fields sent; 404 when there is no such row. */
    async update(actor: AuditActor, id: string, form: NamedImageForm, file?: Buffer): Promise<NamedImageRow> {
      const { name } = form;
      const { image, uploaded } = await imageOf(form, file);
      const values = { name, slug: name ? slugify(name) : undefined, image, aliases: aliasesToStore(form.aliases) };
      const result = await write(name, uploaded, () =>
        ctx.db.tx(async (tx) => {
          const before = await repository.lock(tx, id);
          if (!before) return undefined;
          const after = (await repository.update(tx, id, values))!;
          await record(tx, actor, 'update', id, before, after);
          return { ...after, previous_image: before.image };
        }),
      );
      if (!result) {
        await removeImage(ctx.storage, kind, uploaded);
        throw notFound(`No document found for this id: ${id}`);
      }
      // The replaced file goes only after the new one is committed.
      if (image !== undefined && result.previous_image !== image)
        await removeImage(ctx.storage, kind, result.previous_image);
      return result;
    },

    /** Deletes the row and then its image; 404 when there is no such row. */
    async remove(actor: AuditActor, id: string): Promise<void> {
      // beforeDelete runs on the locked row, in the same transaction (it throws to refuse).
      const removed = await ctx.db
        .tx(async (tx) => {
          const row = await repository.lock(tx, id);
          if (!row) return undefined;
          await beforeDelete?.(tx, id);
          await repository.delete(tx, id);
          await record(tx, actor, 'delete', id, row);
          return row;
        })
        .catch(deleteError ?? ((err) => Promise.reject(err)));
      if (!removed) throw notFound(`No document found for this id: ${id}`);
      await removeImage(ctx.storage, kind, removed.image);
    },
  };
}
