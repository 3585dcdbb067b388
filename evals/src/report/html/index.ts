export {
  type ReportView,
  type MatrixCell,
  type MatrixOutcome,
  type ProvenanceKind,
  type RunDetail,
  type StageCostPoint,
  type ToolCallRow,
  type VerdictRow,
  abReportView,
  evalReportView,
} from "./report-view.js";
export { renderChart } from "./render-chart.js";
export {
  type RenderHtmlReportOptions,
  renderHtmlReport,
  TREND_RUNS,
} from "./render-html-report.js";
