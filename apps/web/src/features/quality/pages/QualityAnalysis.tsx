// 质量分析 (运营): the quality-analysis report of complaints as its own page, for those who hold the reports.
import { QualityReport } from '../QualityReport';

export default function QualityAnalysis() {
  return <QualityReport page />;
}
