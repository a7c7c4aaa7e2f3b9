export default definePageConfig({ navigationBarTitleText: '我的足迹', navigationStyle: 'custom' })
