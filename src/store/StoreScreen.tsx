/**
 * /store and /showroom: tabs, the toolbar (hidden in read-only mode), the warehouse selector, the store table
 * (one page from the worker's 'store-list'), the empty state and the store's dialogs.
 */
import { useEffect, useMemo, useState } from 'react';
import type { Ref } from '../../commands/docs';
import type { StoreRow, StoreTab } from '../../commands/items';
import { STORE_MESSAGES } from '../../commands/items';
import { configLoaded, useConfig } from '../config';
import { useLive } from '../live';
import { navigate, useRoute } from '../router';
import type { ScreenProps } from '../screen';
import { Editable, useReadOnly } from '../session';
import { DataTable } from '../table/DataTable';
import { fetchAllRows } from '../table/source';
import { SelectField } from '../ui/fields';
import { downloadCsv } from '../table/csv';
import { withUnitColumns } from './unit-columns';
import { CombinedStatementModal } from './modals/CombinedStatementModal';
import { ImportModal } from './modals/ImportModal';
import { ItemFormModal } from './modals/ItemFormModal';
import { ReorderModal } from './modals/ReorderModal';
import { ReturnsModal } from './modals/ReturnsModal';
import { CategoryModal, VariationModal, WarehouseModal } from './modals/SimpleModals';
import { TransferModal } from './modals/TransferModal';
import { storeColumns } from './storeColumns';

type Dialog = 'reorder' | 'statement' | 'returns' | 'edit' | 'create' | 'new-item-category' | 'category' | 'variation' | 'transfer' | 'warehouse' | 'import' | null;

/** Every movement kind and the item and warehouse documents: any of them changes what the table shows. */

function TabButton({ id, tab, setTab, label, count }: { id: StoreTab; tab: StoreTab; setTab: (t: StoreTab) => void; label: string; count?: number }) {
  return (
    <button type="button" role="tab" aria-selected={tab === id} data-tab={id} onClick={() => setTab(id)}>
      {label}
      {count !== undefined && <span className="badge" data-testid={`count-${id}`}>{count}</span>}
    </button>
  );
}

export function StoreScreen({ title }: ScreenProps) {
  const cfg = useConfig();
  const [tab, setTab] = useState<StoreTab>('store');
  const [warehouse, setWarehouse] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [group, setGroup] = useState<Ref | undefined>(undefined);
  const [summary, setSummary] = useState<Record<string, number> | undefined>(undefined);
  const [exporting, setExporting] = useState(false);
  const [barcode, setBarcode] = useState<string | undefined>(undefined);
  const readOnly = useReadOnly();
  const create = useRoute().query.get('create');
  const warehouses = useLive('warehouse-list', {}, { enabled: cfg.useWarehouse });
  const columns = useMemo(() => storeColumns(cfg, tab), [cfg, tab]);
  const close = () => setDialog(null);
  const filters = { tab, warehouse: warehouse || undefined };

  const newItem = (code?: string) => {
    setGroup(undefined);
    setBarcode(code);
    setDialog(cfg.useVariation ? 'new-item-category' : 'create');
  };
  // 'Not found!' → Create item sends /store?create=<scanned code>: open the create form with that code, and
  // drop the query so closing the form or reloading the page does not open it again.
  // Waits for the settings: with variations on, the form starts with the category.
  const loaded = configLoaded.value;
  useEffect(() => {
    if (create === null || readOnly || !loaded) return;
    newItem(create.trim() || undefined);
    navigate(window.location.pathname, { replace: true });
  }, [create, readOnly, loaded]);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows = await fetchAllRows('store-list', filters, {});
      downloadCsv(`store-${tab}.csv`, withUnitColumns(columns, rows as StoreRow[], cfg.priceLevels), rows as StoreRow[], cfg.currency);
    } finally {
      setExporting(false);
    }
  };
  const empty = summary?.items === 0;

  return (
    <section className="screen store-screen">
      <h1>{title}</h1>
      <div className="store-tabs" role="tablist">
        <TabButton id="store" tab={tab} setTab={setTab} label={cfg.useShowroom ? 'Showroom Items' : 'Store'} />
        {cfg.useShowroom && <TabButton id="raw" tab={tab} setTab={setTab} label="Raw Items" />}
        {cfg.trackExpiry && <TabButton id="expiring" tab={tab} setTab={setTab} label="Expiring soon" count={summary?.expiring ?? 0} />}
        <TabButton id="out" tab={tab} setTab={setTab} label="Out of stock" count={summary?.outOfStock ?? 0} />
        <TabButton id="low" tab={tab} setTab={setTab} label="Low stock" count={summary?.lowStock ?? 0} />
      </div>
      <Editable>
        <div className="store-toolbar" data-testid="store-toolbar">
          {cfg.useShowroom && (
            <>
              <button type="button" className="btn" onClick={() => navigate('/issue-out')}>
                Issue out
              </button>
              <button type="button" className="btn" onClick={() => navigate('/receive')}>
                Receive item
              </button>
            </>
          )}
          {cfg.useWarehouse && (
            <>
              <button type="button" className="btn" onClick={() => setDialog('transfer')}>
                Transfer
              </button>
              <button type="button" className="btn" onClick={() => setDialog('warehouse')}>
                New warehouse
              </button>
            </>
          )}
          <button type="button" className="btn" onClick={() => setDialog('statement')}>
            Statement
          </button>
          <button type="button" className="btn" onClick={() => setDialog('returns')}>
            Returns
          </button>
          <button type="button" className="btn" onClick={() => setDialog('edit')}>
            Edit Item
          </button>
          <button type="button" className="btn btn-primary" onClick={() => newItem()}>
            New item
          </button>
          {cfg.useVariation && (
            <>
              <button type="button" className="btn" onClick={() => setDialog('category')}>
                New variation group
              </button>
              <button type="button" className="btn" onClick={() => setDialog('variation')}>
                New variations
              </button>
            </>
          )}
          <button type="button" className="btn" onClick={() => setDialog('import')}>
            Import CSV
          </button>
        </div>
      </Editable>
      <div className="store-toolbar">
        {cfg.useWarehouse && (
          <SelectField
            label="Warehouse"
            value={warehouse}
            onChange={setWarehouse}
            placeholder="All warehouses"
            options={(warehouses.data ?? []).map((w) => ({ value: w._id, label: w.location }))}
          />
        )}
        <button type="button" className="btn" onClick={() => void exportCsv()} disabled={exporting || empty} data-testid="export-csv">
          Export CSV
        </button>
        {tab === 'low' && (
          <button type="button" className="btn" onClick={() => setDialog('reorder')}>
            Reorder list
          </button>
        )}
        <button type="button" className="btn" onClick={() => navigate('/store/labels')}>
          Print labels
        </button>
        <button type="button" className="btn" onClick={() => navigate('/store/stocktake')} data-testid="stocktake-link">
          Stocktake
        </button>
      </div>
      {empty && (
        <div className="store-empty" data-testid="store-empty">
          <p>{STORE_MESSAGES.emptyStore}</p>
          <Editable>
            <button type="button" className="btn btn-primary" onClick={() => newItem()}>
              Add item
            </button>
          </Editable>
        </div>
      )}
      <div hidden={empty}>
        <DataTable
          key={tab}
          command="store-list"
          filters={filters}
          columns={columns}
          title={title}
          onPage={(p) => setSummary(p.summary)}
          testId="store-table"
        />
      </div>

      <ReorderModal open={dialog === 'reorder'} onClose={close} warehouse={warehouse || undefined} />
      <CombinedStatementModal open={dialog === 'statement'} onClose={close} />
      <ReturnsModal open={dialog === 'returns'} onClose={close} />
      <ItemFormModal open={dialog === 'edit'} onClose={close} mode="edit" />
      <ItemFormModal open={dialog === 'create'} onClose={close} mode="create" group={group} barcode={barcode} />
      <CategoryModal
        open={dialog === 'new-item-category'}
        onClose={close}
        choose
        onDone={(g) => {
          setGroup(g);
          setDialog('create');
        }}
        onPlain={() => {
          setGroup(undefined);
          setDialog('create');
        }}
      />
      {/* The toolbar's 'New variation group' opens the dialog under its own name (it said 'Create category'). */}
      <CategoryModal open={dialog === 'category'} onClose={close} title="New variation group" />
      <VariationModal open={dialog === 'variation'} onClose={close} />
      <TransferModal open={dialog === 'transfer'} onClose={close} />
      <WarehouseModal open={dialog === 'warehouse'} onClose={close} />
      <ImportModal open={dialog === 'import'} onClose={close} />
    </section>
  );
}
