import type { Static } from 'typebox';
import type { AppContext } from '../../../context';
import { onUniqueViolation, type PagedList, type Queryable } from '../../../db';
import { aliasesToStore } from '../../../lib/aliases';
import { slugify } from '../../../lib/arabic';
import { duplicateValue, notFound } from '../../../lib/errors';
import { removeImage, storeImage } from '../../../lib/images';
import { buildListQuery, listResponse, type ListQuery } from '../../../lib/listQuery';
import { recordAudit, type AuditActor } from '../../audit';
import { withProductCounts } from '../products/productCounts';
import type { ImageKind } from '../../../storage';
import { NAMED_IMAGE_LIST, type NamedImageRepository, type NamedImageRow } from './repository';
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
      const result = await write(name, uploaded, () =>
        repository.update(
          ctx.db,
          id,
          { name, slug: name ? slugify(name) : undefined, image, aliases: aliasesToStore(form.aliases) },
          (tx, before, after) => record(tx, actor, 'update', id, before, after),
        ),
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
      const removed = await repository
        .delete(ctx.db, id, beforeDelete, (tx, before) => record(tx, actor, 'delete', id, before))
        .catch(deleteError ?? ((err) => Promise.reject(err)));
      if (!removed) throw notFound(`No document found for this id: ${id}`);
      await removeImage(ctx.storage, kind, removed.image);
    },
  };
}
