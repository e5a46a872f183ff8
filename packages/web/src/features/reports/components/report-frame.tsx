import { Download, Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PageMeta } from '../../../components/page-meta';
import { Button, buttonVariants } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';

/** A report page's frame: back link, title, Download CSV and Print, the filters, then the report. */
export function ReportFrame({
  title,
  description,
  csvUrl,
  csvName,
  filters,
  children,
}: {
  title: string;
  description: string;
  csvUrl: string | null;
  csvName: string;
  filters?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="report-page mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 print:max-w-none print:p-0">
      <PageMeta title={`${title} report`} description={description} />
      <Link
        to="/reports"
        className="mb-2 inline-block text-sm text-muted-foreground underline-offset-4 hover:underline print:hidden"
      >
        ← Reports
      </Link>
      <PageHeader
        title={`${title} report`}
        description={description}
        actions={
          <div className="flex flex-wrap gap-2 print:hidden">
            {csvUrl ? (
              <a href={csvUrl} download={csvName} className={cn(buttonVariants({ variant: 'outline' }))}>
                <Download aria-hidden="true" className="size-4" />
                Download CSV
              </a>
            ) : null}
            <Button variant="outline" onClick={() => window.print()}>
              <Printer aria-hidden="true" className="size-4" />
              Print
            </Button>
          </div>
        }
      />
      {filters ? <div className="mb-6 flex flex-wrap items-end gap-3 print:hidden">{filters}</div> : null}
      {children}
    </div>
  );
}
