export default definePageConfig({ navigationBarTitleText: '提交任务', navigationStyle: 'custom' })
