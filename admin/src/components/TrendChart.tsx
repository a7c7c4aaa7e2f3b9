/**
 * A line chart of daily figures (ECharts, only the line chart and the parts it draws with). Straight lines between the
 * days (`smooth: false`: a curve would draw a day with 1 order above or below 1) and whole-number steps on each axis.
 */
import { useEffect, useRef } from 'react'
import * as echarts from 'echarts/core'
import { LineChart } from 'echarts/charts'
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import { CanvasRenderer } from 'echarts/renderers'

echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer])

export interface Series {
  name: string
  data: number[]
  /** Which y axis: 0 (left) or 1 (right). */
  axis?: 0 | 1
}

export function TrendChart({ days, series, dark, axisNames }: { days: string[]; series: Series[]; dark: boolean; axisNames: [string, string?] }) {
  const el = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!el.current) return
    const chart = echarts.init(el.current, dark ? 'dark' : undefined)
    chart.setOption({
      backgroundColor: 'transparent',
      tooltip: { trigger: 'axis' },
      // One line of legend, scrolled on a phone: a second line would lie over the axis names.
      legend: { top: 0, type: 'scroll' },
      grid: { left: 48, right: axisNames[1] ? 48 : 16, top: 52, bottom: 28 },
      xAxis: { type: 'category', data: days.map((d) => d.slice(5)), boundaryGap: false },
      yAxis: axisNames.filter(Boolean).map((name) => ({ type: 'value', name, minInterval: 1 })),
      series: series.map((s) => ({ name: s.name, type: 'line', smooth: false, yAxisIndex: s.axis || 0, data: s.data, showSymbol: days.length <= 7 })),
    })
    const resize = () => chart.resize()
    window.addEventListener('resize', resize)
    return () => {
      window.removeEventListener('resize', resize)
      chart.dispose()
    }
  }, [days, series, dark, axisNames])
  return <div ref={el} style={{ height: 300, width: '100%' }} role='img' aria-label={`趋势图：${series.map((s) => s.name).join('、')}`} />
}
