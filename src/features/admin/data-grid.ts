/**
 * The console's data grid (mantine-datatable) and its stylesheet, imported by every console screen
 * that shows one: through this console module the grid's shared chunk and stylesheet stay console
 * chunks (vite.config.ts), out of a resident's precache.
 */
import 'mantine-datatable/styles.css';

export { DataTable, type DataTableColumn } from 'mantine-datatable';
