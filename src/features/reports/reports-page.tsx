// /data/reports: the reports the user may see, on the admin kit's list page. Each row says what
// the user may do with it ('View only' or 'Allow edit'); edit and delete show only where allowed,
// and the server refuses them anyway.
import { useState } from 'react';
import { Button, Input } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { holdsPermission, PERMISSIONS } from '../../../contract/api/permissions';
import type { Report } from '../../../streams/api/report-calls';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { ListColumn } from '../../components/list-columns';
import { ListPage } from '../../components/list-page';
import { SUCCESS } from '../../lib/messages';
import { LINKS } from '../../lib/routes';
import { useFleetConsole } from '../../lib/services';
import { useAccount } from '../../lib/use-account';
import { useListUrl } from '../../lib/use-list-url';
import { PERMISSION_LABEL, ReportFormDialog } from './report-form-dialog';
import { RowEditDelete } from '../../components/row-edit-delete';

const FILTERS = ['name'] as const;

export default function ReportsPage() {
  const { resources, session } = useFleetConsole();
  const list = useListUrl(FILTERS);
  const account = useAccount();
  const canEdit = account.status === 'ready' && holdsPermission(account.info, [PERMISSIONS.reportEdit]);
  const [form, setForm] = useState<{ report: Report | null } | null>(null);
  const [deleting, setDeleting] = useState<Report | null>(null);

  const open = (report: Report) => {
    session.set('reportId', report.id);
    session.set('reportTitle', report.name);
    session.set('reportPermission', report.permission);
  };

  const columns: ReadonlyArray<ListColumn<Report>> = [
    {
      id: 'name',
      header: 'Report name',
      value: (r) => r.name,
      link: (r) => ({ href: LINKS.report(r.id), beforeOpen: () => open(r) }),
      width: '22%',
    },
    { id: 'description', header: 'Description', value: (r) => r.description || '--' },
    { id: 'dataName', header: 'Data name', value: (r) => r.dataName, width: '14%' },
    { id: 'fleetName', header: 'Fleet', value: (r) => r.fleetName, width: '14%' },
    { id: 'permission', header: 'Permission', value: (r) => PERMISSION_LABEL[r.permission], width: '9rem' },
    {
      id: 'actions',
      header: '',
      value: () => '',
      exported: false,
      width: '9rem',
      cell: (r) => r.permission === 'edit' && <RowEditDelete name={r.name} onEdit={() => setForm({ report: r })} onDelete={() => setDeleting(r)} />,
    },
  ];

  return (
    <>
      <ListPage
        resource={resources.reports}
        list={list}
        columns={columns}
        rowId={(r) => r.id}
        label="Reports"
        exportable
        failed="The reports could not be loaded."
        empty={canEdit ? 'No reports yet. Add one with Add report.' : 'No reports yet.'}
        filters={
          <Input
            size="sm"
            width="60"
            placeholder="Search report name"
            aria-label="Search report name"
            value={list.state.filters.name}
            onChange={(event) => list.change({ filters: { name: event.currentTarget.value } })}
          />
        }
        actions={
          canEdit && (
            <Button size="sm" colorPalette="blue" onClick={() => setForm({ report: null })}>
              <Plus size={14} /> Add report
            </Button>
          )
        }
      />
      <ReportFormDialog open={form !== null} report={form?.report ?? null} onClose={() => setForm(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete report"
        confirmLabel="Delete"
        danger
        success={SUCCESS.deleted}
        onConfirm={() => resources.reports.remove(deleting!.id)}
        onClose={() => setDeleting(null)}
      >
        Delete the report {deleting?.name}?
      </ConfirmDialog>
    </>
  );
}
