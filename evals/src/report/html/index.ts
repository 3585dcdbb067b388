export { renderChart } from "./render-chart.js";
export {
  type RenderHtmlReportOptions,
  renderHtmlReport,
  TREND_RUNS,
} from "./render-html-report.js";
export {
  abReportView,
  evalReportsView,
  evalReportView,
  type MatrixCell,
  type MatrixOutcome,
  type ProvenanceKind,
  type ReportView,
  type RunDetail,
  type StageCostPoint,
  type ToolCallRow,
  type VerdictRow,
} from "./report-view.js";
