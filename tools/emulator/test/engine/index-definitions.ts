/**
 * A composite index as firestore.indexes.json lists it, its fields written short: `'uid asc'`,
 * `'createdAt desc'`, `'followers contains'` (an array-contains field).
 */
export function compositeIndex(
  collectionGroup: string,
  fields: string[],
  queryScope: 'COLLECTION' | 'COLLECTION_GROUP' = 'COLLECTION',
) {
  return {
    collectionGroup,
    queryScope,
    fields: fields.map((field) => {
      const [fieldPath, how] = field.split(' ');
      if (how === 'contains') return { fieldPath, arrayConfig: 'CONTAINS' };
      if (how === 'asc' || how === 'desc')
        return { fieldPath, order: how === 'asc' ? 'ASCENDING' : 'DESCENDING' };
      throw new Error(`Say asc, desc or contains after the field path: "${field}"`);
    }),
  };
}
