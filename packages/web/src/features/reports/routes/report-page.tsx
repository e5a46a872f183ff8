import { REPORT_IDS, type ReportId } from '@rotaboard/core/reports/ranges';
import { Navigate, useParams } from 'react-router';
import { AuditReportPage } from './audit-report-page';
import { RangeReportPage } from './range-report-page';

/** /reports/{reportId}: one of the four; any other id goes back to the list. */
export default function ReportPage() {
  const { reportId } = useParams();
  const id = REPORT_IDS.find((r) => r === reportId) as ReportId | undefined;
  if (!id) return <Navigate to="/reports" replace />;
  if (id === 'audit') return <AuditReportPage />;
  // Keyed so that switching report starts from fresh filters.
  return <RangeReportPage key={id} report={id} />;
}
