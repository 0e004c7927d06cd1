import { drizzle } from "drizzle-orm/d1";

import { withCatalogueVersion } from "./catalogue-version.server";
import * as schema from "./schema";

const instances = new WeakMap<D1Database, ReturnType<typeof connect>>();

const connect = (d1: D1Database) => drizzle(withCatalogueVersion(d1), { schema });

/** Made once per binding: building it reads the whole schema, a few per cent of a page's CPU. */
export function createDb(d1: D1Database) {
  let db = instances.get(d1);
  if (!db) {
    db = connect(d1);
    instances.set(d1, db);
  }
  return db;
}

export type Db = ReturnType<typeof createDb>;
