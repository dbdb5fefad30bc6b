// The server loads every item type's definition before it serves (server/main.ts); so do the
// suites that call the core and the server directly.
import { ITEM_TYPES } from '@core/form/item-types';
import { loadItemDefs } from '@core/items/registry';

await loadItemDefs(ITEM_TYPES);
